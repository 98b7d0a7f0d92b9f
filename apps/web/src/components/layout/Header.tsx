/** The top bar of every page (spec §2 Layout). */
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Link as RouterLink, useLocation } from 'react-router';
import { useSession } from '../../api/session';
import { lastProgressPath, lastStrategyPath } from '../../routes/paths';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

const headerLinkSx = { color: 'inherit', fontWeight: 500, '&:hover': { bgcolor: 'rgba(255,255,255,0.1)' } };

export function Header() {
  const session = useSession();
  const { pathname } = useLocation();
  const onStrategiesList = pathname.replace(/\/+$/, '') === '/strategies';

  return (
    <AppBar position="sticky" elevation={0} color="primary">
      <Toolbar sx={{ gap: 1 }}>
        <Link
          component={RouterLink}
          to="/strategies"
          color="inherit"
          underline="none"
          sx={{ display: 'flex' }}
        >
          <Logo />
        </Link>
        <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, ml: 3, flexGrow: 1 }}>
          {session && !onStrategiesList && (
            <>
              <Button component={RouterLink} to={lastStrategyPath()} sx={headerLinkSx}>
                Strategy
              </Button>
              <Button component={RouterLink} to={lastProgressPath()} sx={headerLinkSx}>
                Progress
              </Button>
            </>
          )}
        </Box>
        {session ? (
          <UserMenu />
        ) : (
          <Button component={RouterLink} to="/login" sx={headerLinkSx}>
            Login
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
