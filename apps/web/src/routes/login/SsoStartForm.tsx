/**
 * The login's single sign-on step: a work address, whose domain names the organisation; the
 * browser then goes to that organisation's provider (and comes back to /login/sso).
 */
import { SSO_LOGIN_LABELS, SSO_MESSAGES, ssoStartRequest } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errorMessages';
import { startSsoSignIn } from '../../api/sso';
import { contractResolver, type WireNames } from '../../api/wireForms';
import { FormSubmitButton } from '../../components/FormSubmitButton';
import { FormTextField } from '../../components/FormTextField';

interface WorkEmail {
  email: string;
}

const workEmailWire: WireNames<WorkEmail> = { email: 'email' };

interface SsoStartFormProps {
  /** What was typed on the password form, if anything. */
  email: string;
  onBack: () => void;
}

export function SsoStartForm({ email, onBack }: SsoStartFormProps) {
  const { control, handleSubmit, setFocus } = useForm<WorkEmail>({
    mode: 'onBlur',
    defaultValues: { email },
    resolver: contractResolver(ssoStartRequest, workEmailWire),
  });
  const mutation = useMutation({
    mutationFn: startSsoSignIn,
    onSuccess: (authorizationUrl) => window.location.assign(authorizationUrl),
  });
  // While the provider's page loads the form stays busy, so it is not sent twice.
  const busy = mutation.isPending || mutation.isSuccess;
  // The step replaced the button that opened it: the address field takes the focus (WCAG 2.4.3).
  useEffect(() => setFocus('email'), [setFocus]);
  const refusal = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (mutation.error) refusal.current?.focus();
  }, [mutation.error]);

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((values) => mutation.mutate(values.email))}>
      <FormTextField
        control={control}
        name="email"
        label={SSO_LOGIN_LABELS.workEmail}
        type="email"
        autoComplete="email"
        required
      />
      {mutation.isError && (
        <Alert ref={refusal} tabIndex={-1} severity="error" sx={{ mt: 1 }}>
          {errorMessage(mutation.error, SSO_MESSAGES.signInFailed)}
        </Alert>
      )}
      <FormSubmitButton pending={busy} pendingLabel={SSO_LOGIN_LABELS.redirecting}>
        {SSO_LOGIN_LABELS.continue}
      </FormSubmitButton>
      <Box sx={{ mt: 2 }}>
        <Link component="button" type="button" variant="body2" onClick={onBack}>
          {SSO_LOGIN_LABELS.backToLogin}
        </Link>
      </Box>
    </Box>
  );
}
