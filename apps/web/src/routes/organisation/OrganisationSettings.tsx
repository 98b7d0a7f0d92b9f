/** The organisation's name (saved with its button) and who may invite new people (saved at once). */
import { LIMITS, ORGANISATION_LABELS, ORGANISATION_MESSAGES, type Organisation } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { useOrganisation, useUpdateOrganisation } from '../../api/organisation';
import { BusyButton } from '../../components/BusyButton';
import { OutcomeAlert, useOutcome } from '../../components/outcome';

export function OrganisationSettings() {
  const organisation = useOrganisation();
  if (organisation.isPending) {
    return (
      <Skeleton variant="rounded" height={120} role="progressbar" aria-label="Loading the organisation" />
    );
  }
  if (organisation.isError) {
    return (
      <Alert severity="error">
        {errorMessage(organisation.error, ORGANISATION_MESSAGES.fetchOrganisationFailed)}
      </Alert>
    );
  }
  // Keyed by the saved name, so a save (or another administrator's, on refetch) resets the box.
  return <SettingsForm key={organisation.data.name} organisation={organisation.data} />;
}

function SettingsForm({ organisation }: { organisation: Organisation }) {
  const [name, setName] = useState(organisation.name);
  const update = useUpdateOrganisation();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const report = {
    onSuccess: () => succeeded(ORGANISATION_MESSAGES.organisationUpdated),
    onError: (error: unknown) => failed(error, ORGANISATION_MESSAGES.updateOrganisationFailed),
  };
  const trimmed = name.trim();

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name: trimmed }, report);
  };

  return (
    <Box>
      <Box
        component="form"
        noValidate
        onSubmit={saveName}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mt: 2 }}
      >
        <TextField
          label={ORGANISATION_LABELS.nameField}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={trimmed.length === 0}
          helperText={trimmed.length === 0 ? ORGANISATION_MESSAGES.organisationNameRequired : ' '}
          slotProps={{ htmlInput: { maxLength: LIMITS.organisationName } }}
          sx={{ flex: '1 1 280px', maxWidth: 440 }}
        />
        <BusyButton
          type="submit"
          variant="contained"
          busy={update.isPending}
          disabled={!update.isPending && (trimmed.length === 0 || trimmed === organisation.name)}
          sx={{ mt: 1 }}
        >
          {ORGANISATION_LABELS.saveName}
        </BusyButton>
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Switch
            checked={organisation.only_admins_invite}
            // Not disabled while saving, which would drop focus to the page (WCAG 2.4.3): ignored instead.
            slotProps={{ input: { 'aria-disabled': update.isPending || undefined } }}
            onChange={(event) =>
              !update.isPending && update.mutate({ only_admins_invite: event.target.checked }, report)
            }
          />
        }
        label={ORGANISATION_LABELS.onlyAdminsInvite}
      />
      <FormHelperText sx={{ ml: 6.5, mt: 0 }}>{ORGANISATION_LABELS.onlyAdminsInviteHelp}</FormHelperText>
      <OutcomeAlert outcome={outcome} onClose={clear} />
    </Box>
  );
}
