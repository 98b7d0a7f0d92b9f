/**
 * /organisation, "Single sign-on" (issue 31): the organisation's OpenID Connect provider (issuer,
 * client, the secret written but never read back), its e-mail domains, who may join through it,
 * whether it is required, and the redirect URI to register at the provider. The server checks the
 * provider's discovery on save; its complaints are shown at their field, or above the form.
 */
import {
  SSO_JOIN_RULE_LABELS,
  SSO_JOIN_RULES,
  SSO_MESSAGES,
  SSO_SETTINGS_LABELS,
  type SsoJoinRule,
  type SsoSettings,
} from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/errorMessages';
import { useRemoveSsoSettings, useSsoSettings, useUpdateSsoSettings } from '../../../api/sso';
import { BusyButton } from '../../../components/BusyButton';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CopyableValue } from '../../../components/CopyableValue';
import { OutcomeAlert, useOutcome } from '../../../components/outcome';
import { formErrorsOf, formValuesOf, type SsoFormErrors, type SsoFormValues, ssoRequestOf } from './ssoForm';

export function SsoSettingsSection() {
  const settings = useSsoSettings();
  const outcome = useOutcome();
  if (settings.isPending) {
    return <Skeleton variant="rounded" height={320} role="progressbar" aria-label="Loading single sign-on" />;
  }
  if (settings.isError) {
    return <Alert severity="error">{errorMessage(settings.error, SSO_SETTINGS_LABELS.fetchFailed)}</Alert>;
  }
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, maxWidth: 720 }}>
        {SSO_SETTINGS_LABELS.intro}
      </Typography>
      <CopyableValue
        label={SSO_SETTINGS_LABELS.redirectUri}
        help={SSO_SETTINGS_LABELS.redirectUriHelp}
        value={settings.data.redirect_uri}
        copyLabel={SSO_SETTINGS_LABELS.copyRedirectUri}
      />
      {!settings.data.configured && (
        <Typography color="textSecondary">{SSO_SETTINGS_LABELS.notConfigured}</Typography>
      )}
      <OutcomeAlert outcome={outcome.outcome} onClose={outcome.clear} />
      {/* Never remounted by its own save or removal: the answer's callbacks, and the focus, stay. */}
      <SsoForm settings={settings.data} outcome={outcome} />
    </Box>
  );
}

interface SsoFormProps {
  settings: SsoSettings;
  outcome: ReturnType<typeof useOutcome>;
}

function SsoForm({ settings, outcome }: SsoFormProps) {
  const [values, setValues] = useState<SsoFormValues>(() => formValuesOf(settings));
  const [errors, setErrors] = useState<SsoFormErrors>({});
  // With a secret stored the field is hidden until the administrator chooses to replace it.
  const [replacingSecret, setReplacingSecret] = useState(!settings.client_secret_set);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const update = useUpdateSsoSettings();
  const remove = useRemoveSsoSettings();
  const formId = useId();
  const fieldId = (field: keyof SsoFormErrors) => `${formId}-${field}`;

  const edit = <K extends keyof SsoFormValues>(field: K, value: SsoFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  // The first field with a problem takes the focus, so the message is heard and fixed there.
  const showErrors = (found: SsoFormErrors) => {
    setErrors(found);
    const first = (['issuer', 'clientId', 'clientSecret', 'domains'] as const).find((field) => found[field]);
    if (first) setTimeout(() => document.getElementById(fieldId(first))?.focus());
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    const checked = ssoRequestOf(values, settings.client_secret_set && !replacingSecret);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    update.mutate(checked.request, {
      onSuccess: (saved) => {
        // The secret typed is stored now: the field closes and forgets it.
        setReplacingSecret(!saved.client_secret_set);
        setValues((current) => ({ ...current, clientSecret: '' }));
        outcome.succeeded(SSO_MESSAGES.settingsSaved);
      },
      onError: (error) => {
        const found = error instanceof ApiError ? formErrorsOf(error.fieldErrors) : {};
        if (Object.keys(found).length > 0) showErrors(found);
        else outcome.failed(error, SSO_SETTINGS_LABELS.saveFailed);
      },
    });
  };

  const textField = (field: keyof SsoFormErrors, label: string, help = ' ') => ({
    id: fieldId(field),
    label,
    value: values[field],
    onChange: (event: { target: { value: string } }) => edit(field, event.target.value),
    error: errors[field] !== undefined,
    helperText: errors[field] ?? help,
    fullWidth: true,
    required: true,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={save}
      aria-label={SSO_SETTINGS_LABELS.heading}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, mt: 2, maxWidth: 720 }}
    >
      <TextField
        {...textField('issuer', SSO_SETTINGS_LABELS.issuerField, SSO_SETTINGS_LABELS.issuerHelp)}
        slotProps={{ htmlInput: { inputMode: 'url', spellCheck: false, autoComplete: 'off' } }}
      />
      <TextField
        {...textField('clientId', SSO_SETTINGS_LABELS.clientIdField)}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
      />
      {replacingSecret ? (
        <Box>
          <TextField
            {...textField('clientSecret', SSO_SETTINGS_LABELS.clientSecretField)}
            type="password"
            slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
          />
          {settings.client_secret_set && (
            <Button
              size="small"
              onClick={() => {
                setReplacingSecret(false);
                edit('clientSecret', '');
                // The button goes with the field: the focus goes to the one that brings it back.
                setTimeout(() => document.getElementById(`${formId}-replace-secret`)?.focus());
              }}
            >
              {SSO_SETTINGS_LABELS.keepSecret}
            </Button>
          )}
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="body2">
            {SSO_SETTINGS_LABELS.clientSecretField}: {SSO_SETTINGS_LABELS.secretStored}
          </Typography>
          <Button
            id={`${formId}-replace-secret`}
            size="small"
            variant="outlined"
            onClick={() => {
              setReplacingSecret(true);
              setTimeout(() => document.getElementById(fieldId('clientSecret'))?.focus());
            }}
          >
            {SSO_SETTINGS_LABELS.replaceSecret}
          </Button>
        </Box>
      )}
      <TextField
        {...textField('domains', SSO_SETTINGS_LABELS.domainsField, SSO_SETTINGS_LABELS.domainsHelp)}
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
      />
      <FormControl component="fieldset">
        <FormLabel component="legend">{SSO_SETTINGS_LABELS.joinRuleLegend}</FormLabel>
        <RadioGroup
          value={values.joinRule}
          onChange={(event) => edit('joinRule', event.target.value as SsoJoinRule)}
        >
          {SSO_JOIN_RULES.map((rule) => (
            <FormControlLabel
              key={rule}
              value={rule}
              control={<Radio />}
              label={SSO_JOIN_RULE_LABELS[rule]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={values.required}
              onChange={(event) => edit('required', event.target.checked)}
              slotProps={{ input: { 'aria-describedby': `${formId}-required-help` } }}
            />
          }
          label={SSO_SETTINGS_LABELS.requiredField}
        />
        <FormHelperText id={`${formId}-required-help`} sx={{ ml: 6.5, mt: 0 }}>
          {SSO_SETTINGS_LABELS.requiredHelp}
        </FormHelperText>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <BusyButton type="submit" variant="contained" busy={update.isPending}>
          {SSO_SETTINGS_LABELS.save}
        </BusyButton>
        {settings.configured && (
          <Button color="error" onClick={() => setConfirmingRemoval(true)}>
            {SSO_SETTINGS_LABELS.remove}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirmingRemoval}
        title={SSO_SETTINGS_LABELS.confirmRemoveTitle}
        message={SSO_SETTINGS_LABELS.confirmRemoveMessage}
        confirmLabel={SSO_SETTINGS_LABELS.remove}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: (detail) => {
              // Nothing is stored any more: the form starts afresh, asking for a secret again.
              setValues(
                formValuesOf({ ...settings, issuer: '', client_id: '', domains: [], required: false }),
              );
              setReplacingSecret(true);
              outcome.succeeded(detail);
            },
            onError: (error) => outcome.failed(error, SSO_SETTINGS_LABELS.removeFailed),
            onSettled: () => setConfirmingRemoval(false),
          })
        }
        onClose={() => setConfirmingRemoval(false)}
      />
    </Box>
  );
}
