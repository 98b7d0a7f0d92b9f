/** The route table of spec §2; the logged-in pages' loaders start their reads (pageData.ts). */
import LinearProgress from '@mui/material/LinearProgress';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../components/layout/Layout';
import { RouteErrorPage } from './info/RouteErrorPage';
import { pageDataLoaders } from './pageData';
import {
  accessibilityPage,
  forgotPasswordPage,
  importSpreadsheetPage,
  initiativeCharterPage,
  loginPage,
  mobileWarningPage,
  newStrategyPage,
  notFoundPage,
  organisationPage,
  portfolioPage,
  profileSettingsPage,
  progressUpdatePage,
  realtimeFrame,
  resetPasswordPage,
  setupPage,
  signupCompletePage,
  signupPage,
  ssoCallbackPage,
  strategiesPage,
  strategyPage,
  strategySettingsPage,
  strategyTeamPage,
  verifyEmailPage,
} from './pages';
import { RequireLogin } from './RequireLogin';

export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const data = pageDataLoaders(queryClient);
  return [
    {
      element: <Layout />,
      errorElement: <RouteErrorPage />,
      // Shown while the first screen's code loads.
      hydrateFallbackElement: <LinearProgress aria-label="Loading page" />,
      children: [
        { index: true, element: <Navigate to="/strategies" replace /> },
        { path: 'login', lazy: loginPage },
        { path: 'login/sso', lazy: ssoCallbackPage },
        { path: 'signup', lazy: signupPage },
        { path: 'signup-complete', lazy: signupCompletePage },
        { path: 'verify-email/:token', lazy: verifyEmailPage },
        { path: 'forgot-password', lazy: forgotPasswordPage },
        { path: 'reset-password/:uid/:token', lazy: resetPasswordPage },
        // Without both uid and token there is nothing to reset (spec §2).
        { path: 'reset-password/*', element: <Navigate to="/login" replace /> },
        { path: 'setup/:token', lazy: setupPage },
        { path: 'mobile-warning', lazy: mobileWarningPage },
        { path: 'accessibility', lazy: accessibilityPage },
        {
          element: <RequireLogin />,
          children: [
            {
              lazy: realtimeFrame,
              children: [
                { path: 'profile-settings', lazy: profileSettingsPage },
                { path: 'organisation', lazy: organisationPage },
                { path: 'strategies', loader: data.strategies, lazy: strategiesPage },
                { path: 'strategies/import', lazy: importSpreadsheetPage },
                { path: 'portfolio', loader: data.portfolio, lazy: portfolioPage },
                { path: 'strategy', lazy: newStrategyPage },
                { path: 'strategy/:id', loader: data.strategy, lazy: strategyPage },
                { path: 'strategy-team/:id', lazy: strategyTeamPage },
                {
                  path: 'initiative-charter/:initiativeId',
                  loader: data.charter,
                  lazy: initiativeCharterPage,
                },
                { path: 'strategy-settings/:id', lazy: strategySettingsPage },
                { path: 'progress-update/:id', loader: data.progress, lazy: progressUpdatePage },
              ],
            },
          ],
        },
        { path: '*', lazy: notFoundPage },
      ],
    },
  ];
}
