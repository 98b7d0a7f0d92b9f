/** /reset-password/:uid/:token: the link of the reset e-mail; sets a new password. */

import { MESSAGES, passwordResetConfirmRequest } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useParams } from 'react-router';
import { confirmPasswordReset, type PasswordReset, passwordResetWire } from '../../api/auth';
import { resetPasswordErrorMessage } from '../../api/errorMessages';
import { contractResolver, showServerFieldErrors, type WireNames } from '../../api/wireForms';
import { AuthCard } from '../../components/AuthCard';
import { FormSubmitButton } from '../../components/FormSubmitButton';
import { FormTextField } from '../../components/FormTextField';
import { NewPasswordField } from '../../components/NewPasswordField';
import { noticeState } from '../../lib/loginNotice';

/** The form holds the passwords; uid and token come from the link. */
type NewPasswordForm = Pick<PasswordReset, 'password' | 'repeatPassword'>;
const newPasswordWire: WireNames<NewPasswordForm> = {
  password: passwordResetWire.password,
  repeatPassword: passwordResetWire.repeatPassword,
};

export function ResetPasswordPage() {
  const { uid, token } = useParams();
  if (!uid || !token) return <Navigate to="/login" replace />;
  return <ResetPasswordForm uid={uid} token={token} />;
}

function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const navigate = useNavigate();
  const { control, handleSubmit, setError } = useForm<NewPasswordForm>({
    mode: 'onBlur',
    defaultValues: { password: '', repeatPassword: '' },
    resolver: contractResolver(passwordResetConfirmRequest, newPasswordWire),
  });
  const mutation = useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: (detail) =>
      navigate('/login', {
        state: noticeState({ severity: 'success', text: detail || MESSAGES.passwordResetDone }),
      }),
    onError: (error) => showServerFieldErrors(error, newPasswordWire, setError),
  });

  return (
    <AuthCard title="Choose a new password">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((passwords) => mutation.mutate({ uid, token, ...passwords }))}
      >
        <NewPasswordField control={control} name="password" label="New password" />
        <FormTextField
          control={control}
          name="repeatPassword"
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          required
        />
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {resetPasswordErrorMessage(mutation.error)}
          </Alert>
        )}
        <FormSubmitButton pending={mutation.isPending} pendingLabel="Saving...">
          Set new password
        </FormSubmitButton>
      </Box>
    </AuthCard>
  );
}
