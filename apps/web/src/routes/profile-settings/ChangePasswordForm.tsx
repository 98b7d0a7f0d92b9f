/** Security: change the password (current, new with the live checklist, repeat). */

import { passwordChangeRequest, SESSION_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errorMessages';
import { type PasswordChange, passwordChangeWire, useChangePassword } from '../../api/sessions';
import { contractResolver, showServerFieldErrors } from '../../api/wireForms';
import { FormTextField } from '../../components/FormTextField';
import { NewPasswordField } from '../../components/NewPasswordField';
import { SubmitRow } from '../../components/SubmitRow';
import { useTimedMessage } from '../../components/useTimedMessage';

const EMPTY: PasswordChange = { oldPassword: '', password: '', repeatPassword: '' };

export function ChangePasswordForm() {
  const { control, handleSubmit, setError, reset } = useForm<PasswordChange>({
    mode: 'onBlur',
    defaultValues: EMPTY,
    resolver: contractResolver(passwordChangeRequest, passwordChangeWire),
  });
  const mutation = useChangePassword();
  const [message, showMessage] = useTimedMessage();

  const save = (change: PasswordChange) =>
    mutation.mutate(change, {
      onSuccess: (detail) => {
        reset(EMPTY);
        showMessage({ severity: 'success', text: detail || SESSION_MESSAGES.passwordChanged });
      },
      onError: (error) => {
        // A message under a field says it all; the row's message is for the rest.
        if (showServerFieldErrors(error, passwordChangeWire, setError)) return;
        showMessage({ severity: 'error', text: errorMessage(error, SESSION_MESSAGES.changePasswordFailed) });
      },
    });

  return (
    <Box
      component="form"
      noValidate
      aria-label="Change password"
      onSubmit={handleSubmit(save)}
      sx={{ maxWidth: 520 }}
    >
      <FormTextField
        control={control}
        name="oldPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordField control={control} name="password" label="New password" />
      <FormTextField
        control={control}
        name="repeatPassword"
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <SubmitRow pending={mutation.isPending} pendingLabel="Changing password" message={message}>
        Change password
      </SubmitRow>
    </Box>
  );
}
