/** E-mail and password login (spec §4 "Login flow"). */

import { loginRequest, SSO_LOGIN_LABELS } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { type Credentials, credentialsWire, login, type SignInOutcome } from '../../api/auth';
import { isSsoRequired, loginErrorMessage } from '../../api/errorMessages';
import { contractResolver } from '../../api/wireForms';
import { FormSubmitButton } from '../../components/FormSubmitButton';
import { FormTextField } from '../../components/FormTextField';

interface LoginFormProps {
  /** The session, or (two-factor on) the token of the code step. */
  onSignedIn: (outcome: SignInOutcome) => void;
  disabled: boolean;
  /** The address to start with (e.g. just verified). */
  email?: string;
  /** To the single sign-on step with the address typed (the organisation requires it). */
  onUseSso: (email: string) => void;
}

export function LoginForm({ onSignedIn, disabled, email = '', onUseSso }: LoginFormProps) {
  const { control, handleSubmit, getValues } = useForm<Credentials>({
    mode: 'onBlur',
    defaultValues: { email, password: '' },
    resolver: contractResolver(loginRequest, credentialsWire),
  });
  const mutation = useMutation({ mutationFn: login, onSuccess: onSignedIn });
  const busy = mutation.isPending || disabled;
  // A refused login moves focus to why (WCAG 2.4.3), so what is typed next is not lost.
  const refusal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.error) refusal.current?.focus();
  }, [mutation.error]);

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((credentials) => mutation.mutate(credentials))}>
      <FormTextField
        control={control}
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        required
      />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      {mutation.isError && (
        <Alert
          ref={refusal}
          tabIndex={-1}
          severity="error"
          sx={{ mt: 1 }}
          action={
            isSsoRequired(mutation.error) ? (
              <Button color="inherit" size="small" onClick={() => onUseSso(getValues('email'))}>
                {SSO_LOGIN_LABELS.continueWithSso}
              </Button>
            ) : undefined
          }
        >
          {loginErrorMessage(mutation.error)}
        </Alert>
      )}
      <FormSubmitButton pending={mutation.isPending} pendingLabel="Logging in..." disabled={busy}>
        Log in
      </FormSubmitButton>
    </Box>
  );
}
