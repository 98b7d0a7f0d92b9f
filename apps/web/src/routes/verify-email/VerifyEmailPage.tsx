/**
 * /verify-email/:token: the link of the sign-up mail. Opening it changes nothing (mail scanners
 * open links too): the page first reads what the link is now. A link already used for a verified
 * account offers log-in; a pending one verifies at once in the browser that signed up (with the
 * secret its sign-up kept), and elsewhere when the password chosen at that sign-up is entered.
 */

import { MESSAGES, verifyEmailRequest } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import {
  type EmailVerification,
  emailVerificationWire,
  verificationLinkState,
  verifyEmail,
} from '../../api/auth';
import { errorMessage } from '../../api/errorMessages';
import { forgetSignupSecret, signupSecretFor } from '../../api/signupSecrets';
import { contractResolver } from '../../api/wireForms';
import { AuthCard } from '../../components/AuthCard';
import { FormSubmitButton } from '../../components/FormSubmitButton';
import { FormTextField } from '../../components/FormTextField';

const TITLE = 'Confirm your e-mail address';

/** The login page with the address filled in (and, after a verification, its notice). */
const loginPath = (email: string | null, verified: boolean) => {
  const query = new URLSearchParams(verified ? { verified: '1' } : {});
  if (email) query.set('email', email);
  return `/login?${query}`;
};

export function VerifyEmailPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/login" replace />;
  return <VerificationLink token={token} />;
}

function VerificationLink({ token }: { token: string }) {
  const link = useQuery({
    queryKey: ['verificationLink', token],
    queryFn: () => verificationLinkState(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  if (link.isPending) {
    return (
      <AuthCard title={TITLE}>
        <LinearProgress aria-label="Checking the link" sx={{ my: 2 }} />
      </AuthCard>
    );
  }
  // Unreadable (e.g. offline): the password form still works, and says what went wrong on sending.
  if (link.isError) return <PasswordVerification token={token} email={null} />;
  const { state, email } = link.data;
  if (state === 'verified') return <AlreadyVerified email={email} />;
  if (state === 'invalid') {
    return (
      <AuthCard title={TITLE}>
        <Alert severity="error" sx={{ my: 1 }}>
          {MESSAGES.verificationLinkInvalid}
        </Alert>
        <Typography variant="body2" sx={{ mt: 2 }}>
          <Link component={RouterLink} to="/login">
            Go to the login page
          </Link>
        </Typography>
      </AuthCard>
    );
  }
  return <PendingVerification token={token} email={email} />;
}

function AlreadyVerified({ email }: { email: string | null }) {
  return (
    <AuthCard title="E-mail address already verified">
      <Alert severity="success" sx={{ my: 1 }}>
        {MESSAGES.emailAlreadyVerified}
      </Alert>
      <Button
        component={RouterLink}
        to={loginPath(email, false)}
        variant="contained"
        fullWidth
        sx={{ mt: 2 }}
      >
        Log in
      </Button>
    </AuthCard>
  );
}

/** In the browser that signed up, no password: its secret is sent; anywhere else, the form. */
function PendingVerification({ token, email }: { token: string; email: string | null }) {
  const [secret, setSecret] = useState(() => (email ? signupSecretFor(email) : null));
  if (secret && email) {
    return (
      <SameBrowserVerification
        token={token}
        email={email}
        secret={secret}
        onRefused={() => setSecret(null)}
      />
    );
  }
  return <PasswordVerification token={token} email={email} />;
}

interface SameBrowserProps {
  token: string;
  email: string;
  secret: string;
  onRefused: () => void;
}

function SameBrowserVerification({ token, email, secret, onRefused }: SameBrowserProps) {
  const navigate = useNavigate();
  const sent = useRef(false);
  const { mutate } = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => {
      forgetSignupSecret(email);
      navigate(loginPath(email, true));
    },
    // Not this link's browser after all (e.g. a newer sign-up here): ask for the password.
    onError: onRefused,
  });
  useEffect(() => {
    // Once, even when the effect runs twice (React's development checks).
    if (sent.current) return;
    sent.current = true;
    mutate({ token, browserSecret: secret });
  }, [mutate, token, secret]);
  return (
    <AuthCard title={TITLE}>
      <Typography sx={{ mb: 1 }}>This browser signed up with this link, so no password is needed.</Typography>
      <LinearProgress aria-label="Confirming your e-mail address" sx={{ my: 2 }} />
    </AuthCard>
  );
}

function PasswordVerification({ token, email }: { token: string; email: string | null }) {
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<EmailVerification>({
    mode: 'onBlur',
    // The token rides along as a form value so the contract schema checks the whole request.
    defaultValues: { token, password: '' },
    resolver: contractResolver(verifyEmailRequest, emailVerificationWire),
  });
  const mutation = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => {
      if (email) forgetSignupSecret(email);
      // The login page shows MESSAGES.emailVerified for ?verified=1, with the address filled in.
      navigate(loginPath(email, true));
    },
  });

  return (
    <AuthCard title={TITLE}>
      <Typography sx={{ mb: 1 }}>
        Enter the password you chose when you signed up{email ? ` as ${email}` : ''}. This confirms that the
        address is yours and finishes setting up your account.
      </Typography>
      <Box
        component="form"
        noValidate
        aria-busy={mutation.isPending}
        onSubmit={handleSubmit((verification) => mutation.mutate(verification))}
      >
        <FormTextField
          control={control}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(mutation.error, MESSAGES.verifyEmailFailed)}
          </Alert>
        )}
        <FormSubmitButton pending={mutation.isPending} pendingLabel="Confirming...">
          Confirm e-mail address
        </FormSubmitButton>
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
        Did not sign up? You can ignore the e-mail; nothing changes. Forgot the password you chose?{' '}
        <Link component={RouterLink} to="/signup">
          Sign up again
        </Link>{' '}
        from the link in your invitation e-mail, then use the link of the newest verification e-mail.
      </Typography>
    </AuthCard>
  );
}
