/**
 * Every screen is loaded on demand, so /login downloads only its own code and the heavy
 * strategy editors of later issues never land in its bundle. These are route-level `lazy`
 * loaders rather than React.lazy: the router fetches a screen's code before it changes the
 * address, so the address and the screen on display always agree (with React.lazy the old
 * screen stayed visible, and typed into, under the new address while the code loaded).
 */
export const loginPage = () => import('./login/LoginPage').then((m) => ({ Component: m.LoginPage }));
/** Where the organisation's provider sends the browser back after single sign-on (issue 31). */
export const ssoCallbackPage = () =>
  import('./login/SsoCallbackPage').then((m) => ({ Component: m.SsoCallbackPage }));
export const signupPage = () => import('./signup/SignupPage').then((m) => ({ Component: m.SignupPage }));
export const signupCompletePage = () =>
  import('./info/SignupCompletePage').then((m) => ({ Component: m.SignupCompletePage }));
export const verifyEmailPage = () =>
  import('./verify-email/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage }));
export const forgotPasswordPage = () =>
  import('./forgot-password/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage }));
export const resetPasswordPage = () =>
  import('./reset-password/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage }));
export const mobileWarningPage = () =>
  import('./info/MobileWarningPage').then((m) => ({ Component: m.MobileWarningPage }));
export const profileSettingsPage = () =>
  import('./profile-settings/ProfileSettingsPage').then((m) => ({ Component: m.ProfileSettingsPage }));
export const strategyTeamPage = () =>
  import('./strategy-team/StrategyTeamPage').then((m) => ({ Component: m.StrategyTeamPage }));
export const strategiesPage = () =>
  import('./strategies/StrategiesPage').then((m) => ({ Component: m.StrategiesPage }));
/** "Start from a spreadsheet" (issue 32). */
export const importSpreadsheetPage = () =>
  import('./strategy-import/ImportSpreadsheetPage').then((m) => ({ Component: m.ImportSpreadsheetPage }));
export const portfolioPage = () =>
  import('./portfolio/PortfolioPage').then((m) => ({ Component: m.PortfolioPage }));
export const newStrategyPage = () =>
  import('./strategy/NewStrategyPage').then((m) => ({ Component: m.NewStrategyPage }));
export const strategyPage = () =>
  import('./strategy/StrategyPage').then((m) => ({ Component: m.StrategyPage }));
/** The live connection around the logged-in routes (field locks, live updates). */
export const realtimeFrame = () =>
  import('../realtime/RealtimeFrame').then((m) => ({ Component: m.RealtimeFrame }));
export const initiativeCharterPage = () =>
  import('./initiative-charter/InitiativeCharterPage').then((m) => ({ Component: m.InitiativeCharterPage }));
export const notFoundPage = () =>
  import('../components/NotFoundPage').then((m) => ({ Component: m.NotFoundPage }));
export const strategySettingsPage = () =>
  import('./strategy-settings/StrategySettingsPage').then((m) => ({ Component: m.StrategySettingsPage }));
export const progressUpdatePage = () =>
  import('./progress-update/ProgressUpdatePage').then((m) => ({ Component: m.ProgressUpdatePage }));
export const setupPage = () => import('./setup/SetupPage').then((m) => ({ Component: m.SetupPage }));
export const organisationPage = () =>
  import('./organisation/OrganisationPage').then((m) => ({ Component: m.OrganisationPage }));
export const accessibilityPage = () =>
  import('./accessibility/AccessibilityPage').then((m) => ({ Component: m.AccessibilityPage }));
