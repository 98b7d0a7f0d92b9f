/** 'Add users to Keystone:': comma-separated e-mails become invites to the user's organisation. */

import { INVITE_MESSAGES, MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { type InvitesResult, useCreateInvites } from '../../api/invites';
import { SubmitRow } from '../SubmitRow';
import { useTimedMessage } from '../useTimedMessage';
import { checkInviteText } from './inviteText';

export function InviteForm() {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useCreateInvites();
  const [message, showMessage] = useTimedMessage();
  // Stays until the next submit: the user may want to read which addresses were not invited.
  const [notInvited, setNotInvited] = useState<InvitesResult['notInvited']>([]);

  // Only the Submit button sends: the box is multi-line, so Enter starts a new line.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkInviteText(text);
    if (!check.ok) {
      setProblem(check.message);
      return;
    }
    setNotInvited([]);
    mutation.mutate(check.emails, {
      onSuccess: (result) => {
        setText('');
        setNotInvited(result.notInvited);
        showMessage(
          result.invited.length > 0
            ? { severity: 'success', text: MESSAGES.invitesUpdated }
            : { severity: 'error', text: INVITE_MESSAGES.noneInvited },
        );
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
      {notInvited.length > 0 && (
        <Alert severity="warning" role="status" sx={{ mt: 2 }}>
          <Box component="ul" aria-label="Not invited" sx={{ m: 0, pl: 2 }}>
            {notInvited.map(({ email, reason }) => (
              <li key={email}>{INVITE_MESSAGES.notInvited(email, reason)}</li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}
