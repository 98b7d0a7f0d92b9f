/**
 * The frame around every route: phone check, header, the page (with a bar while one loads), and
 * for visitors not signed in a footer.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useSession } from '../../api/session';
import { isPhone } from '../../lib/device';
import { accessibilityPath } from '../../routes/paths';
import { LiveAnnouncer } from '../announcer/LiveAnnouncer';
import { useFocusHeadingOnNavigation } from './focusOnNavigation';
import { Header } from './Header';
import { SiteFooter } from './SiteFooter';

const MOBILE_WARNING_PATH = '/mobile-warning';
/** Pages a phone is shown too: the warning itself, and the accessibility statement that explains it. */
const OPEN_TO_PHONES = [MOBILE_WARNING_PATH, accessibilityPath];

export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const session = useSession();
  useFocusHeadingOnNavigation();
  if (!OPEN_TO_PHONES.includes(pathname) && isPhone(navigator.userAgent)) {
    return <Navigate to={MOBILE_WARNING_PATH} replace />;
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      {navigation.state === 'loading' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 'tooltip' }}
        />
      )}
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
      {!session && <SiteFooter />}
      <LiveAnnouncer />
    </Box>
  );
}
