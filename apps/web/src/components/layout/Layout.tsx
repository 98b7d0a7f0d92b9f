/** The frame around every route: phone check, header, and the lazily loaded page. */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isPhone } from '../../lib/device';
import { Header } from './Header';

const MOBILE_WARNING_PATH = '/mobile-warning';

export function Layout() {
  const { pathname } = useLocation();
  if (pathname !== MOBILE_WARNING_PATH && isPhone(navigator.userAgent)) {
    return <Navigate to={MOBILE_WARNING_PATH} replace />;
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
