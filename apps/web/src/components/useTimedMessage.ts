/** A screen message that clears itself after the spec's 3 seconds (or the given time, e.g. the sponsor error's). */
import { TIMINGS } from '@keystone/contract';
import { useEffect, useState } from 'react';

export interface TimedMessage {
  severity: 'success' | 'error';
  text: string;
}

export function useTimedMessage(
  durationMs: number = TIMINGS.successMessageMs,
): [TimedMessage | null, (message: TimedMessage | null) => void] {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), durationMs);
    return () => clearTimeout(timer);
  }, [message, durationMs]);
  return [message, setMessage];
}
