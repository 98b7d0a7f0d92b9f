/**
 * /login/sso: where the organisation's provider sends the browser back. The code, state and issuer
 * go to the server with this tab's attempt secret; the answer signs in exactly as a password login
 * does (the session, or the two-factor code step). A failure says why, with the way back to /login.
 */
import { MESSAGES, SSO_LOGIN_LABELS, SSO_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { ResponseShapeError } from '../../api/client';
import { errorMessage } from '../../api/errorMessages';
import { type Session, saveSession } from '../../api/session';
import { finishSsoSignIn, ssoRedirectOf } from '../../api/sso';
import { AuthCard } from '../../components/AuthCard';
import { pathAfterLogin } from './landingPath';
import { MfaCodeForm } from './MfaCodeForm';

function failureText(error: unknown): string {
  if (error instanceof ResponseShapeError) return MESSAGES.invalidLoginResponse;
  return errorMessage(error, SSO_MESSAGES.signInFailed);
}

export function SsoCallbackPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: the address is cleared at once, and the code is single-use.
  const [redirect] = useState(() => ssoRedirectOf(searchParams));
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const onLoggedIn = async (session: Session) => {
    saveSession(session);
    navigate(await pathAfterLogin(queryClient), { replace: true });
  };
  const { mutate, error, isError } = useMutation({
    mutationFn: finishSsoSignIn,
    onSuccess: (outcome) => {
      if (outcome.kind === 'session') void onLoggedIn(outcome.session);
      else setMfaToken(outcome.mfaToken);
    },
  });
  // StrictMode runs effects twice; the attempt can be finished once.
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current || redirect === null) return;
    handled.current = true;
    // Keep the code out of the address bar, the history and a reload.
    setSearchParams({}, { replace: true });
    mutate(redirect);
  }, [redirect, mutate, setSearchParams]);

  if (mfaToken !== null) {
    return (
      <AuthCard
        title="Two-factor authentication"
        subtitle="Enter the code from your authenticator app to finish logging in."
      >
        <MfaCodeForm mfaToken={mfaToken} onLoggedIn={onLoggedIn} onRestart={() => navigate('/login')} />
      </AuthCard>
    );
  }

  const failure = redirect === null ? SSO_MESSAGES.attemptExpired : isError ? failureText(error) : null;
  return (
    <AuthCard title={SSO_LOGIN_LABELS.callbackTitle}>
      {failure === null ? (
        <LinearProgress aria-label={SSO_LOGIN_LABELS.finishing} sx={{ my: 2 }} />
      ) : (
        <>
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {failure}
          </Alert>
          <Box sx={{ mt: 2 }}>
            <Link component={RouterLink} to="/login" variant="body2">
              {SSO_LOGIN_LABELS.backToLogin}
            </Link>
          </Box>
        </>
      )}
    </AuthCard>
  );
}
