/** /signup: an invited person creates an account, then confirms the address by e-mail. */

import { MESSAGES, registrationRequest } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { type Registration, register, registrationWire } from '../../api/auth';
import { signupErrorMessage } from '../../api/errorMessages';
import { contractResolver, showServerFieldErrors } from '../../api/wireForms';
import { GoogleSignInOption } from '../../auth/GoogleSignInOption';
import { AuthCard } from '../../components/AuthCard';
import { FormSubmitButton } from '../../components/FormSubmitButton';
import { NewAccountFields } from '../../components/NewAccountFields';
import { SALES_CONTACT_URL } from '../../components/salesContact';

// Spec §8 words the signup mismatch differently from the reset page's 'Passwords must match'.
const signupResolver = contractResolver<Registration>(registrationRequest, registrationWire, {
  [MESSAGES.passwordsMustMatch]: MESSAGES.passwordsDoNotMatch,
});

export function SignupPage() {
  const navigate = useNavigate();
  // The invitation's sign-up link carries the invited address and the invitation's token.
  const [searchParams] = useSearchParams();
  const invite = searchParams.get('invite') ?? undefined;
  const { control, handleSubmit, setError } = useForm<Registration>({
    mode: 'onBlur',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: searchParams.get('email') ?? '',
      password: '',
      repeatPassword: '',
    },
    resolver: signupResolver,
  });
  const mutation = useMutation({
    mutationFn: register,
    onSuccess: () => navigate('/signup-complete'),
    onError: (error) => showServerFieldErrors(error, registrationWire, setError),
  });

  return (
    <AuthCard title="Create your account" subtitle="Sign up with the e-mail address your invite was sent to.">
      {/* Sign-up needs the invitation's token, which only the mail's link carries. */}
      {!invite && (
        <Alert severity="info" sx={{ my: 1 }}>
          {MESSAGES.signupNeedsInviteLink}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((registration) => mutation.mutate({ ...registration, invite }))}
      >
        <NewAccountFields control={control} />
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {signupErrorMessage(mutation.error)}
          </Alert>
        )}
        <FormSubmitButton pending={mutation.isPending} pendingLabel="Signing up...">
          Sign up
        </FormSubmitButton>
      </Box>
      <GoogleSignInOption label="Sign up with Google" disabled={mutation.isPending} invite={invite} />
      <Typography variant="body2" sx={{ mt: 3 }} color="textSecondary">
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Log in
        </Link>
        . No invite yet? <Link href={SALES_CONTACT_URL}>Contact us</Link>.
      </Typography>
    </AuthCard>
  );
}
