/** /strategy without an id (spec §2): creates a strategy, then replaces the address with its page. */
import { MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { failureMessage, useCreateStrategy } from '../../api/strategies';

export function NewStrategyPage() {
  const navigate = useNavigate();
  const create = useCreateStrategy();
  // Effects run twice in development (StrictMode); one visit must create one strategy.
  const started = useRef(false);

  const start = () => {
    started.current = true;
    create.mutate(undefined, {
      onSuccess: (strategy) => navigate(`/strategy/${strategy.id}`, { replace: true }),
    });
  };

  useEffect(() => {
    if (!started.current) start();
  });

  if (create.isError) {
    return (
      <Box sx={{ p: 4, maxWidth: 640 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={start}>
              {MESSAGES.tryAgain}
            </Button>
          }
        >
          {failureMessage('createStrategy', create.error)}
        </Alert>
      </Box>
    );
  }
  return <LinearProgress aria-label="Creating strategy" />;
}
