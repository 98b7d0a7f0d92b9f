/**
 * The early script (src/early.ts) loads the same code the router will ask for: for each screen of
 * its list, the lazy loaders on the route's way, in order; it loads nothing for other screens.
 */
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../src/api/queryClient';
import { createAppRoutes } from '../src/routes/appRoutes';
import { EARLY_ROUTES } from '../src/routes/earlyRoutes';

const routes = createAppRoutes(createQueryClient());

function routerLoaders(pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).map((match) => match.route.lazy).filter(Boolean);
}

function earlyLoaders(pathname: string) {
  return EARLY_ROUTES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
}

describe('early route code', () => {
  it.each([
    '/login',
    '/strategies',
    '/strategies/',
    '/strategy/12',
    '/initiative-charter/34',
    '/progress-update/12',
  ])('should load what the router loads for %s', (pathname) => {
    expect(earlyLoaders(pathname).length).toBeGreaterThan(0);
    expect(earlyLoaders(pathname)).toEqual(routerLoaders(pathname));
  });

  it('should cover each screen of its list', () => {
    const samples = ['/login', '/strategies', '/strategy/1', '/initiative-charter/1', '/progress-update/1'];
    for (const [pattern] of EARLY_ROUTES) expect(samples.some((sample) => pattern.test(sample))).toBe(true);
  });

  it.each(['/strategy', '/strategy-settings/12', '/organisation', '/strategy/12/extra'])(
    'should load nothing for %s',
    (pathname) => {
      expect(earlyLoaders(pathname)).toEqual([]);
    },
  );
});
