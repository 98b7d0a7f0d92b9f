/**
 * The "Activity" button of the strategy, charter and progress pages and the side drawer it opens.
 * The drawer is modal: focus moves into it, Escape or the close button end it, and focus returns
 * to the button. Its history is read only while it is open.
 */
import { ACTIVITY_MESSAGES, HISTORY_MESSAGES } from '@keystone/contract';
import Close from '@mui/icons-material/Close';
import History from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ActivityScope } from '../../api/activity';
import { ActivityPanel } from './ActivityPanel';

interface ActivityButtonProps {
  scope: ActivityScope;
  userId: number;
}

export function ActivityButton({ scope, userId }: ActivityButtonProps) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<History />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {HISTORY_MESSAGES.activity}
      </Button>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { width: { xs: '100%', sm: 420 }, p: 3 },
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.25rem' }}>
            {HISTORY_MESSAGES.activity}
          </Typography>
          <IconButton aria-label={ACTIVITY_MESSAGES.close} onClick={() => setOpen(false)}>
            <Close />
          </IconButton>
        </Stack>
        <Box>{open && <ActivityPanel scope={scope} userId={userId} />}</Box>
      </Drawer>
    </>
  );
}
