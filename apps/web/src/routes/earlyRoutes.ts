/**
 * The heavier first screens as appRoutes.tsx matches them, with the lazy loaders on the way to
 * each (the live-connection frame, then the page); test/earlyRoutes.test.tsx checks they agree.
 * A logged-out visitor of a logged-in page is sent to /login, having fetched its code for nothing:
 * rare (a link from a mail), and cheaper than waiting for the session check's code.
 */
import {
  initiativeCharterPage,
  loginPage,
  progressUpdatePage,
  realtimeFrame,
  strategiesPage,
  strategyPage,
} from './pages';

export const EARLY_ROUTES: [RegExp, (() => Promise<unknown>)[]][] = [
  [/^\/login\/?$/, [loginPage]],
  [/^\/strategies\/?$/, [realtimeFrame, strategiesPage]],
  [/^\/strategy\/[^/]+\/?$/, [realtimeFrame, strategyPage]],
  [/^\/initiative-charter\/[^/]+\/?$/, [realtimeFrame, initiativeCharterPage]],
  [/^\/progress-update\/[^/]+\/?$/, [realtimeFrame, progressUpdatePage]],
];

/** Starts loading the code of the screen at `pathname`, if it is one of the list. */
export function loadEarly(pathname: string): void {
  const loaders = EARLY_ROUTES.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  // A failure here is the router's to report when it asks for the same code.
  for (const load of loaders) load().catch(() => undefined);
}
