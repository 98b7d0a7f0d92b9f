/**
 * The top bar of every page (spec §2 Layout). Below the width its links need (600 CSS px) they
 * fold into a menu (HeaderMenu), so the bar fits 320 px, i.e. a 1280 px window at 400 % zoom.
 */

import { HEADER_TEXT, PORTFOLIO_TEXT } from '@keystone/contract';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { matchPath, Link as RouterLink, useLocation } from 'react-router';
import { useLastActiveStrategy, useSession } from '../../api/session';
import { headerPaths, portfolioPath } from '../../routes/paths';
import { type HeaderLink, HeaderLinkButton, headerLinkSx } from './HeaderLinkButton';
import { HeaderMenu } from './HeaderMenu';
import { Logo } from './Logo';
import { useScrollPadding } from './scrollPadding';
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

/** Strategy and Progress (not on the list of strategies, spec §2), then Portfolio; none logged out. */
function useHeaderLinks(): HeaderLink[] {
  const session = useSession();
  const { pathname } = useLocation();
  // The strategy open now, else the one opened last (a charter names its strategy only once loaded).
  const lastActive = useLastActiveStrategy();
  if (!session) return [];
  const path = pathname.replace(/\/+$/, '');
  const paths = headerPaths(strategyInRoute(pathname) ?? lastActive);
  const link = (label: string, to: string) => ({ label, to, current: path === to });
  const portfolio = link(PORTFOLIO_TEXT.headerLink, portfolioPath);
  if (path === '/strategies') return [portfolio];
  return [
    link(HEADER_TEXT.strategyLink, paths.strategy),
    link(HEADER_TEXT.progressLink, paths.progress),
    portfolio,
  ];
}

const narrowScreen = (theme: Theme) => theme.breakpoints.down('sm');

export function Header() {
  const session = useSession();
  const links = useHeaderLinks();
  // Measured in the browser at once (noSsr), so a narrow screen never shows the wide bar first.
  const narrow = useMediaQuery(narrowScreen, { noSsr: true });
  const stickyHeader = useScrollPadding('top');

  return (
    <AppBar ref={stickyHeader} position="sticky" elevation={0} color="primary">
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
        <Box
          component="nav"
          aria-label={HEADER_TEXT.navigation}
          sx={{ display: 'flex', gap: 0.5, ml: narrow ? 0 : 3, flexGrow: 1 }}
        >
          {narrow && links.length > 0 && <HeaderMenu links={links} />}
          {!narrow && links.map((link) => <HeaderLinkButton key={link.label} link={link} />)}
        </Box>
        {session ? (
          <UserMenu />
        ) : (
          <Button component={RouterLink} to="/login" sx={headerLinkSx}>
            {HEADER_TEXT.loginLink}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
