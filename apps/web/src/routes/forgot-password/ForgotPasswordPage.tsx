/** /forgot-password: asks for a reset link by e-mail, then returns to /login with a note. */

import { MESSAGES, passwordResetRequest } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { requestPasswordReset } from '../../api/auth';
import { errorMessage } from '../../api/errorMessages';
import { contractResolver, type WireNames } from '../../api/wireForms';
import { AuthCard } from '../../components/AuthCard';
import { FormSubmitButton } from '../../components/FormSubmitButton';
import { FormTextField } from '../../components/FormTextField';
import { noticeState } from '../../lib/loginNotice';

interface ForgotPasswordForm {
  email: string;
}

const forgotPasswordWire: WireNames<ForgotPasswordForm> = { email: 'email' };

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { control, handleSubmit } = useForm<ForgotPasswordForm>({
    mode: 'onBlur',
    defaultValues: { email: '' },
    resolver: contractResolver(passwordResetRequest, forgotPasswordWire),
  });
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (detail) =>
      navigate('/login', {
        state: noticeState({ severity: 'info', text: detail || MESSAGES.passwordResetSent }),
      }),
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your e-mail address and we will send you a link to choose a new password."
    >
      <Box component="form" noValidate onSubmit={handleSubmit(({ email }) => mutation.mutate(email))}>
        <FormTextField
          control={control}
          name="email"
          label="E-mail"
          type="email"
          autoComplete="email"
          required
        />
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(mutation.error, MESSAGES.resetMailFailed)}
          </Alert>
        )}
        <FormSubmitButton pending={mutation.isPending} pendingLabel="Sending...">
          Continue
        </FormSubmitButton>
      </Box>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login" variant="body2">
          Back to login
        </Link>
      </Box>
    </AuthCard>
  );
}
