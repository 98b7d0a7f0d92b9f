/** The setup form: organisation name, the administrator's names, e-mail and password. */

import { MESSAGES, ORGANISATION_MESSAGES, setupRequest } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../api/errorMessages';
import { saveSession } from '../../api/session';
import { type OrganisationSetup, organisationSetupWire, setUpOrganisation } from '../../api/setup';
import { contractResolver, showServerFieldErrors } from '../../api/wireForms';
import { FormSubmitButton } from '../../components/FormSubmitButton';
import { FormTextField } from '../../components/FormTextField';
import { NewAccountFields } from '../../components/NewAccountFields';

// The same words as the sign-up page for passwords that differ.
const setupResolver = contractResolver<OrganisationSetup>(setupRequest, organisationSetupWire, {
  [MESSAGES.passwordsMustMatch]: MESSAGES.passwordsDoNotMatch,
});

export function SetupForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError } = useForm<OrganisationSetup>({
    mode: 'onBlur',
    // The token rides along as a form value so the contract schema checks the whole request.
    defaultValues: {
      token,
      organisationName: '',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      repeatPassword: '',
    },
    resolver: setupResolver,
  });
  const mutation = useMutation({
    mutationFn: setUpOrganisation,
    onSuccess: async (session) => {
      saveSession(session);
      // The login page must stop pointing to the setup link.
      await queryClient.invalidateQueries({ queryKey: ['publicConfig'] });
      navigate('/strategies');
    },
    onError: (error) => showServerFieldErrors(error, organisationSetupWire, setError),
  });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit((setup) => mutation.mutate(setup))}>
      <FormTextField
        control={control}
        name="organisationName"
        label="Organisation name"
        autoComplete="organization"
        required
      />
      <NewAccountFields control={control} />
      {mutation.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(mutation.error, ORGANISATION_MESSAGES.setupFailed)}
        </Alert>
      )}
      <FormSubmitButton pending={mutation.isPending} pendingLabel="Setting up...">
        Create organisation
      </FormSubmitButton>
    </Box>
  );
}
