/** Spec §2: login-required routes send visitors without a stored user to /login. */
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../api/session';

export function RequireLogin() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Outlet />;
}
