/** Hands the page's live connection to the components that lock fields or show its state. */
import { createContext, useContext } from 'react';
import type { RealtimeClient } from './realtimeClient';

export const RealtimeContext = createContext<RealtimeClient | null>(null);

export function useRealtime(): RealtimeClient {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime needs the RealtimeFrame of the logged-in routes');
  return realtime;
}
