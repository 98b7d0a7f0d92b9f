/** The frame around every route: phone check, header, and the page (with a bar while one loads). */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { isPhone } from '../../lib/device';
import { LiveAnnouncer } from '../announcer/LiveAnnouncer';
import { Header } from './Header';

const MOBILE_WARNING_PATH = '/mobile-warning';

export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  if (pathname !== MOBILE_WARNING_PATH && isPhone(navigator.userAgent)) {
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
      <LiveAnnouncer />
    </Box>
  );
}
