/**
 * The frame of every logged-in route: one live connection per session, opened by the route's
 * loader or when a logged-in page shows, and closed on logout (spec §4). Loaded lazily, so
 * /login carries none of it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { type Session, useSession } from '../api/session';
import { closeLiveConnection, keepLiveConnection, openLiveConnection } from './liveConnection';
import { RealtimeContext } from './realtimeContext';

function RealtimeProvider({ session }: { session: Session }) {
  const queryClient = useQueryClient();
  const realtime = useMemo(() => openLiveConnection(session, queryClient), [session, queryClient]);
  useEffect(() => {
    keepLiveConnection(realtime);
    return () => closeLiveConnection(realtime);
  }, [realtime]);
  return (
    <RealtimeContext.Provider value={realtime}>
      <Outlet />
    </RealtimeContext.Provider>
  );
}

export function RealtimeFrame() {
  const session = useSession();
  // RequireLogin, around this frame, already sends visitors without a session to /login.
  if (!session) return null;
  return <RealtimeProvider session={session} />;
}
