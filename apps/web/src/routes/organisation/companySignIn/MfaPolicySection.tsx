/** /organisation, "Two-factor sign-in" (issue 31): whom the organisation requires a second factor of. */
import {
  MFA_POLICIES,
  MFA_POLICY_LABELS,
  MFA_POLICY_OPTION_LABELS,
  type MfaPolicy,
  type Organisation,
  SSO_MESSAGES,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type FormEvent, useId, useState } from 'react';
import { useOrganisation, useUpdateOrganisation } from '../../../api/organisation';
import { BusyButton } from '../../../components/BusyButton';
import { OutcomeAlert, useOutcome } from '../../../components/outcome';

export function MfaPolicySection() {
  // Read already by the page before its sections show.
  const organisation = useOrganisation().data;
  if (!organisation) return null;
  return <MfaPolicyForm organisation={organisation} />;
}

/**
 * Saved with its button: moving through the choices with the arrow keys must not save each one.
 * Not remounted by its own save, so the focus stays on the button.
 */
function MfaPolicyForm({ organisation }: { organisation: Organisation }) {
  const [policy, setPolicy] = useState<MfaPolicy>(organisation.mfa_required);
  const update = useUpdateOrganisation();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const helpId = useId();

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { mfa_required: policy },
      {
        onSuccess: () => succeeded(SSO_MESSAGES.mfaPolicySaved),
        onError: (error) => failed(error, MFA_POLICY_LABELS.saveFailed),
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={save} aria-label={MFA_POLICY_LABELS.heading}>
      <FormControl component="fieldset" sx={{ mt: 1 }} aria-describedby={helpId}>
        <FormLabel component="legend">{MFA_POLICY_LABELS.legend}</FormLabel>
        <RadioGroup value={policy} onChange={(event) => setPolicy(event.target.value as MfaPolicy)}>
          {MFA_POLICIES.map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={<Radio />}
              label={MFA_POLICY_OPTION_LABELS[option]}
            />
          ))}
        </RadioGroup>
        <FormHelperText id={helpId} sx={{ mx: 0, maxWidth: 720 }}>
          {MFA_POLICY_LABELS.help}
        </FormHelperText>
      </FormControl>
      <Box sx={{ mt: 2 }}>
        <BusyButton
          type="submit"
          variant="contained"
          busy={update.isPending}
          disabled={!update.isPending && policy === organisation.mfa_required}
        >
          {MFA_POLICY_LABELS.save}
        </BusyButton>
      </Box>
      <OutcomeAlert outcome={outcome} onClose={clear} />
    </Box>
  );
}
