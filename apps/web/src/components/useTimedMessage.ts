/** A screen message that clears itself after the spec's 3 seconds. */
import { TIMINGS } from '@keystone/contract';
import { useEffect, useState } from 'react';

export interface TimedMessage {
  severity: 'success' | 'error';
  text: string;
}

export function useTimedMessage(): [TimedMessage | null, (message: TimedMessage | null) => void] {
  const [message, setMessage] = useState<TimedMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), TIMINGS.successMessageMs);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}
