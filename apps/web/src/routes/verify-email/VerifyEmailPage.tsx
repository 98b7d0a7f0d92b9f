/**
 * /verify-email/:token: the link of the sign-up mail. Opening it changes nothing (mail scanners
 * open links too); the address is verified when the password chosen at that sign-up is entered.
 */

import { MESSAGES, verifyEmailRequest } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { type EmailVerification, emailVerificationWire, verifyEmail } from '../../api/auth';
import { errorMessage } from '../../api/errorMessages';
import { contractResolver } from '../../api/wireForms';
import { AuthCard } from '../../components/AuthCard';
import { FormSubmitButton } from '../../components/FormSubmitButton';
import { FormTextField } from '../../components/FormTextField';

export function VerifyEmailPage() {
  const { token } = useParams();
  if (!token) return <Navigate to="/login" replace />;
  return <VerifyEmailForm token={token} />;
}

function VerifyEmailForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<EmailVerification>({
    mode: 'onBlur',
    // The token rides along as a form value so the contract schema checks the whole request.
    defaultValues: { token, password: '' },
    resolver: contractResolver(verifyEmailRequest, emailVerificationWire),
  });
  const mutation = useMutation({
    mutationFn: verifyEmail,
    // The login page shows MESSAGES.emailVerified for ?verified=1.
    onSuccess: () => navigate('/login?verified=1'),
  });

  return (
    <AuthCard title="Confirm your e-mail address">
      <Typography sx={{ mb: 1 }}>
        Enter the password you chose when you signed up. This confirms that the address is yours and finishes
        setting up your account.
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
        and use the link of the newest e-mail.
      </Typography>
    </AuthCard>
  );
}
