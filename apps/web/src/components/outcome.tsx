/**
 * The result of an administrator's action, shown beside the section that did it: a success
 * clears itself, a refusal (e.g. "the last administrator") stays until it is closed, so it is read.
 */
import { TIMINGS } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api/errorMessages';

export interface Outcome {
  severity: 'success' | 'error';
  text: string;
}

export function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useEffect(() => {
    if (outcome?.severity !== 'success') return;
    const timer = setTimeout(() => setOutcome(null), TIMINGS.successMessageMs);
    return () => clearTimeout(timer);
  }, [outcome]);
  const succeeded = useCallback((text: string) => setOutcome({ severity: 'success', text }), []);
  const failed = useCallback(
    (error: unknown, fallback: string) =>
      setOutcome({ severity: 'error', text: errorMessage(error, fallback) }),
    [],
  );
  const clear = useCallback(() => setOutcome(null), []);
  return { outcome, succeeded, failed, clear };
}

export function OutcomeAlert({ outcome, onClose }: { outcome: Outcome | null; onClose: () => void }) {
  if (!outcome) return null;
  return (
    <Alert
      severity={outcome.severity}
      role={outcome.severity === 'error' ? 'alert' : 'status'}
      onClose={onClose}
      sx={{ my: 2 }}
    >
      {outcome.text}
    </Alert>
  );
}
