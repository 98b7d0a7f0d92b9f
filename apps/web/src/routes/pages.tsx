/**
 * Every screen is loaded on demand, so /login downloads only its own code and the heavy
 * strategy editors of later issues never land in its bundle.
 */
import { lazy } from 'react';

export const LoginPage = lazy(() => import('./login/LoginPage').then((m) => ({ default: m.LoginPage })));
export const SignupPage = lazy(() => import('./signup/SignupPage').then((m) => ({ default: m.SignupPage })));
export const SignupCompletePage = lazy(() =>
  import('./info/SignupCompletePage').then((m) => ({ default: m.SignupCompletePage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('./forgot-password/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('./reset-password/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
export const MobileWarningPage = lazy(() =>
  import('./info/MobileWarningPage').then((m) => ({ default: m.MobileWarningPage })),
);
export const ProfileSettingsPage = lazy(() =>
  import('./profile-settings/ProfileSettingsPage').then((m) => ({ default: m.ProfileSettingsPage })),
);
export const NotFoundPage = lazy(() =>
  import('./info/NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
export const NotBuiltYetPage = lazy(() =>
  import('./info/NotBuiltYetPage').then((m) => ({ default: m.NotBuiltYetPage })),
);
