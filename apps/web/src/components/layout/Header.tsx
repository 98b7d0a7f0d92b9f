/** The top bar of every page (spec §2 Layout). */

import { PORTFOLIO_TEXT } from '@keystone/contract';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { matchPath, Link as RouterLink, useLocation } from 'react-router';
import { useLastActiveStrategy, useSession } from '../../api/session';
import { headerPaths, portfolioPath } from '../../routes/paths';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

/** Pages about one strategy, named by the route itself. */
const STRATEGY_ROUTES = [
  '/strategy/:id',
  '/progress-update/:id',
  '/strategy-settings/:id',
  '/strategy-team/:id',
];

function strategyInRoute(pathname: string): string | null {
  for (const pattern of STRATEGY_ROUTES) {
    const id = matchPath({ path: pattern, end: false }, pathname)?.params.id;
    if (id && /^\d+$/.test(id)) return id;
  }
  return null;
}

const headerLinkSx = {
  color: 'inherit',
  fontWeight: 500,
  '&:hover': { bgcolor: 'rgba(255,255,255,0.1)' },
  // The page on display: a line under its link, as well as aria-current for screen readers.
  '&[aria-current="page"]': { boxShadow: 'inset 0 -2px 0 currentColor', borderRadius: 0 },
};

export function Header() {
  const session = useSession();
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const onStrategiesList = path === '/strategies';
  // The strategy open now, else the one opened last (a charter names its strategy only once loaded).
  const lastActive = useLastActiveStrategy();
  const links = headerPaths(strategyInRoute(pathname) ?? lastActive);

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
              <Button component={RouterLink} to={links.strategy} sx={headerLinkSx}>
                Strategy
              </Button>
              <Button component={RouterLink} to={links.progress} sx={headerLinkSx}>
                Progress
              </Button>
            </>
          )}
          {session && (
            <Button
              component={RouterLink}
              to={portfolioPath}
              aria-current={path === portfolioPath ? 'page' : undefined}
              sx={headerLinkSx}
            >
              {PORTFOLIO_TEXT.headerLink}
            </Button>
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
