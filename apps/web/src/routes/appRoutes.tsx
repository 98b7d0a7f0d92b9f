/** The route table of spec §2. */
import LinearProgress from '@mui/material/LinearProgress';
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../components/layout/Layout';
import { RouteErrorPage } from './info/RouteErrorPage';
import {
  forgotPasswordPage,
  initiativeCharterPage,
  loginPage,
  mobileWarningPage,
  newStrategyPage,
  notBuiltYetPage,
  notFoundPage,
  profileSettingsPage,
  realtimeFrame,
  resetPasswordPage,
  signupCompletePage,
  signupPage,
  strategiesPage,
  strategyPage,
  strategyTeamPage,
} from './pages';
import { RequireLogin } from './RequireLogin';

/** Strategy screens that later issues build; their paths and login guard already work. */
const strategyStubs = [
  { path: 'strategy-settings/:id', name: 'Strategy settings' },
  { path: 'progress-update/:id', name: 'Progress update' },
];

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's code loads.
    hydrateFallbackElement: <LinearProgress aria-label="Loading page" />,
    children: [
      { index: true, element: <Navigate to="/strategies" replace /> },
      { path: 'login', lazy: loginPage },
      { path: 'signup', lazy: signupPage },
      { path: 'signup-complete', lazy: signupCompletePage },
      { path: 'forgot-password', lazy: forgotPasswordPage },
      { path: 'reset-password/:uid/:token', lazy: resetPasswordPage },
      // Without both uid and token there is nothing to reset (spec §2).
      { path: 'reset-password/*', element: <Navigate to="/login" replace /> },
      { path: 'mobile-warning', lazy: mobileWarningPage },
      {
        element: <RequireLogin />,
        children: [
          {
            lazy: realtimeFrame,
            children: [
              { path: 'profile-settings', lazy: profileSettingsPage },
              { path: 'strategies', lazy: strategiesPage },
              { path: 'strategy', lazy: newStrategyPage },
              { path: 'strategy/:id', lazy: strategyPage },
              { path: 'strategy-team/:id', lazy: strategyTeamPage },
              { path: 'initiative-charter/:initiativeId', lazy: initiativeCharterPage },
              ...strategyStubs.map(({ path, name }) => ({ path, lazy: notBuiltYetPage(name) })),
            ],
          },
        ],
      },
      { path: '*', lazy: notFoundPage },
    ],
  },
];
