/** 'Edit profile settings here:': name and business title; the e-mail is shown but fixed. */

import { MESSAGES, updateUserDetailsRequest } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../api/errorMessages';
import {
  type UserDetails,
  type UserDetailsUpdate,
  userDetailsUpdateWire,
  useUpdateUserDetails,
  useUserDetails,
} from '../../api/users';
import { contractResolver, showServerFieldErrors } from '../../api/wireForms';
import { FormTextField } from '../../components/FormTextField';
import { SubmitRow } from '../../components/SubmitRow';
import { useTimedMessage } from '../../components/useTimedMessage';

export function ProfileForm() {
  const details = useUserDetails();
  if (details.isPending) return <CircularProgress aria-label="Loading your profile" />;
  if (details.isError) return <Alert severity="error">{MESSAGES.fetchUserDetailsFailed}</Alert>;
  return <ProfileFields details={details.data} />;
}

function ProfileFields({ details }: { details: UserDetails }) {
  const { control, handleSubmit, setError } = useForm<UserDetailsUpdate>({
    mode: 'onBlur',
    defaultValues: {
      businessTitle: details.businessTitle,
      firstName: details.firstName,
      lastName: details.lastName,
    },
    resolver: contractResolver(updateUserDetailsRequest, userDetailsUpdateWire),
  });
  const mutation = useUpdateUserDetails();
  const [message, showMessage] = useTimedMessage();

  const save = (update: UserDetailsUpdate) =>
    mutation.mutate(update, {
      onSuccess: () => showMessage({ severity: 'success', text: MESSAGES.userDetailsUpdated }),
      onError: (error) => {
        showServerFieldErrors(error, userDetailsUpdateWire, setError);
        showMessage({ severity: 'error', text: errorMessage(error, MESSAGES.updateUserDetailsFailed) });
      },
    });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(save)} sx={{ maxWidth: 520 }}>
      <FormTextField
        control={control}
        name="businessTitle"
        label="Business title"
        autoComplete="organization-title"
      />
      <FormTextField
        control={control}
        name="firstName"
        label="First name"
        autoComplete="given-name"
        required
      />
      <FormTextField
        control={control}
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        required
      />
      <TextField label="E-mail" value={details.email} disabled helperText={MESSAGES.emailNotEditable} />
      <SubmitRow pending={mutation.isPending} pendingLabel="Saving" message={message}>
        Save
      </SubmitRow>
    </Box>
  );
}
