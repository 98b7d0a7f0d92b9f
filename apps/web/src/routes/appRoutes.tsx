/** The route table of spec §2. */
import { Navigate, type RouteObject } from 'react-router';
import { Layout } from '../components/layout/Layout';
import { RouteErrorPage } from './info/RouteErrorPage';
import {
  ForgotPasswordPage,
  LoginPage,
  MobileWarningPage,
  NotBuiltYetPage,
  NotFoundPage,
  ProfileSettingsPage,
  ResetPasswordPage,
  SignupCompletePage,
  SignupPage,
} from './pages';
import { RequireLogin } from './RequireLogin';

/** Strategy screens that later issues build; their paths and login guard already work. */
const strategyStubs = [
  { path: 'strategies', name: 'Strategies' },
  { path: 'strategy', name: 'Strategy' },
  { path: 'strategy/:id', name: 'Strategy' },
  { path: 'strategy-team/:id', name: 'Strategy team' },
  { path: 'strategy-settings/:id', name: 'Strategy settings' },
  { path: 'progress-update/:id', name: 'Progress update' },
  { path: 'initiative-charter/:initiativeId', name: 'Initiative charter' },
];

export const appRoutes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/strategies" replace /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'signup-complete', element: <SignupCompletePage /> },
      { path: 'forgot-password', element: <ForgotPasswordPage /> },
      { path: 'reset-password/:uid/:token', element: <ResetPasswordPage /> },
      // Without both uid and token there is nothing to reset (spec §2).
      { path: 'reset-password/*', element: <Navigate to="/login" replace /> },
      { path: 'mobile-warning', element: <MobileWarningPage /> },
      {
        element: <RequireLogin />,
        children: [
          { path: 'profile-settings', element: <ProfileSettingsPage /> },
          ...strategyStubs.map(({ path, name }) => ({ path, element: <NotBuiltYetPage name={name} /> })),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
