/** 'Add users to Keystone:': comma-separated e-mails become invites to the user's organisation. */

import { MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { useCreateInvites } from '../../api/invites';
import { SubmitRow } from '../../components/SubmitRow';
import { useTimedMessage } from '../../components/useTimedMessage';
import { checkInviteText } from './inviteText';

export function InviteForm() {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useCreateInvites();
  const [message, showMessage] = useTimedMessage();

  // Only the Submit button sends: the box is multi-line, so Enter starts a new line.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkInviteText(text);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    mutation.mutate(check.emails, {
      onSuccess: () => {
        setText('');
        showMessage({ severity: 'success', text: MESSAGES.invitesUpdated });
      },
      onError: (error) =>
        showMessage({ severity: 'error', text: errorMessage(error, MESSAGES.updateInvitesFailed) }),
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 520 }}>
      <TextField
        id="invite-emails"
        label="E-mail addresses"
        placeholder="anna@example.com, ben@example.com"
        multiline
        minRows={3}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? 'Separate addresses with commas.'}
      />
      <SubmitRow pending={mutation.isPending} pendingLabel="Sending invites" message={message}>
        Submit
      </SubmitRow>
    </Box>
  );
}
