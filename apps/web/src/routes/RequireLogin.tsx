/**
 * Spec §2: login-required routes send visitors without a stored user to /login. The page they
 * asked for goes along, so that someone opening a link from a mail (e.g. a charter to approve)
 * lands on it after logging in. A session that must still set up two-factor sign-in (issue 31)
 * is kept on its set-up.
 */
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSecondFactorSetupDue, useSession } from '../api/session';

/** Where the two-factor set-up is (the profile's security section). */
const SECOND_FACTOR_SETUP_PATH = '/profile-settings';

export function RequireLogin() {
  const session = useSession();
  const setupDue = useSecondFactorSetupDue();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  // The organisation requires two-factor sign-in: nothing else works until it is set up.
  if (setupDue && location.pathname !== SECOND_FACTOR_SETUP_PATH) {
    return <Navigate to={SECOND_FACTOR_SETUP_PATH} replace />;
  }
  return <Outlet />;
}
