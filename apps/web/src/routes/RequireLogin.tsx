/**
 * Spec §2: login-required routes send visitors without a stored user to /login. The page they
 * asked for goes along, so that someone opening a link from a mail (e.g. a charter to approve)
 * lands on it after logging in.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';

export function RequireLogin() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <Outlet />;
}
