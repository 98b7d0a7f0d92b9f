/**
 * /login: password, Google and single sign-on, with links to signup, password reset and sales;
 * with two-factor on, a second step asks for the code.
 */
import { ORGANISATION_MESSAGES, SSO_LOGIN_LABELS } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type SignInOutcome, usePublicConfig } from '../../api/auth';
import { readSession, type Session, saveSession } from '../../api/session';
import { GoogleSignInOption } from '../../auth/GoogleSignInOption';
import { AuthCard } from '../../components/AuthCard';
import { SALES_CONTACT_URL } from '../../components/salesContact';
import { loginNotice } from '../../lib/loginNotice';
import { LoginForm } from './LoginForm';
import { pathAfterLogin, requestedPath } from './landingPath';
import { SsoSignInOption } from './SsoSignInOption';
import { useGoogleCallback } from './useGoogleCallback';

// Only people with two-factor on reach the code step: it is fetched then, keeping /login small.
const MfaCodeForm = lazy(() => import('./MfaCodeForm').then((module) => ({ default: module.MfaCodeForm })));
// Likewise the single sign-on step, for the people whose organisation has a provider.
const SsoStartForm = lazy(() =>
  import('./SsoStartForm').then((module) => ({ default: module.SsoStartForm })),
);

/** Spec §2: a visitor who is already logged in goes where a login would lead instead. */
export function LoginPage() {
  // Checked on arrival only: a login made on this page goes where pathAfterLogin says.
  const [loggedInOnArrival] = useState(() => readSession() !== null);
  if (loggedInOnArrival) return <AlreadyLoggedIn />;
  return <LoginScreen />;
}

/**
 * The after-login rule (last active strategy, else the most recent, else the list), never
 * /strategy: that route creates a strategy, and opening /login must not.
 */
function AlreadyLoggedIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let current = true;
    void pathAfterLogin(queryClient).then((path) => {
      if (current) navigate(path, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate, queryClient]);
  return <LinearProgress aria-label="Opening your strategy" sx={{ my: 2 }} />;
}

function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [notice] = useState(() => loginNotice(searchParams, location.state));

  const queryClient = useQueryClient();
  const onLoggedIn = async (session: Session) => {
    saveSession(session);
    navigate(requestedPath(location.state) ?? (await pathAfterLogin(queryClient)));
  };
  // Two-factor on: the first step (password or Google) passed and the code is due.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const onSignedIn = (outcome: SignInOutcome) => {
    if (outcome.kind === 'session') void onLoggedIn(outcome.session);
    else setMfaToken(outcome.mfaToken);
  };
  const google = useGoogleCallback(onSignedIn);
  const needsSetup = usePublicConfig().data?.needsSetup === true;
  // The single sign-on step, with the address to start from; null: the password form.
  const [ssoEmail, setSsoEmail] = useState<string | null>(null);

  if (mfaToken !== null) {
    return (
      <AuthCard
        title="Two-factor authentication"
        subtitle="Enter the code from your authenticator app to finish logging in."
      >
        <Suspense fallback={<LinearProgress aria-label="Loading" sx={{ my: 2 }} />}>
          <MfaCodeForm mfaToken={mfaToken} onLoggedIn={onLoggedIn} onRestart={() => setMfaToken(null)} />
        </Suspense>
      </AuthCard>
    );
  }

  if (ssoEmail !== null) {
    return (
      <AuthCard title={SSO_LOGIN_LABELS.title} subtitle={SSO_LOGIN_LABELS.subtitle}>
        <Suspense fallback={<LinearProgress aria-label="Loading" sx={{ my: 2 }} />}>
          <SsoStartForm email={ssoEmail} onBack={() => setSsoEmail(null)} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Log in to plan and track your strategy.">
      {needsSetup && (
        <Alert severity="info" sx={{ my: 1 }}>
          {ORGANISATION_MESSAGES.needsSetup}
        </Alert>
      )}
      {notice && (
        <Alert severity={notice.severity} sx={{ my: 1 }}>
          {notice.text}
        </Alert>
      )}
      {google.pending && <LinearProgress aria-label="Signing in with Google" sx={{ my: 1 }} />}
      {google.error && (
        <Alert severity="error" sx={{ my: 1 }}>
          {google.error}
        </Alert>
      )}
      <LoginForm
        onSignedIn={onSignedIn}
        disabled={google.pending}
        email={searchParams.get('email') ?? undefined}
        onUseSso={setSsoEmail}
      />
      <Box sx={{ mt: 1.5, textAlign: 'right' }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2">
          Forgot password?
        </Link>
      </Box>
      <GoogleSignInOption label="Sign in with Google" disabled={google.pending} />
      <SsoSignInOption onChoose={() => setSsoEmail('')} disabled={google.pending} />
      <Typography variant="body2" sx={{ mt: 3 }} color="textSecondary">
        New here?{' '}
        <Link component={RouterLink} to="/signup">
          Create an account
        </Link>{' '}
        with the e-mail address you were invited with. No invite yet?{' '}
        <Link href={SALES_CONTACT_URL}>Contact us</Link>.
      </Typography>
    </AuthCard>
  );
}
