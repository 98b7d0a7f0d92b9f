/**
 * The notification settings form (spec §2 settings page, §5): validated with the contract's
 * rules on blur (and on every change after), saved in one call; the server's answer (with its
 * recomputed next due date) becomes the form's state.
 */
import { HISTORY_MESSAGES, PROGRESS_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef } from 'react';
import { type Path, type UseFormSetError, useForm } from 'react-hook-form';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/errorMessages';
import type { NotificationSettings } from '../../api/notificationSettingsWire';
import { useUpdateNotificationSettings } from '../../api/progress';
import { staleAnswer } from '../../api/staleEdits';
import { useScrollPadding } from '../../components/layout/scrollPadding';
import { SubmitRow } from '../../components/SubmitRow';
import { useTimedMessage } from '../../components/useTimedMessage';
import { RecipientsSection } from './RecipientsSection';
import { RemindersSection } from './RemindersSection';
import { ScheduleSection } from './ScheduleSection';
import {
  errorMessages,
  formPathOf,
  type SettingsFormValues,
  settingsResolver,
  settingsUpdateOf,
  settingsValuesOf,
} from './settingsRules';

/** Puts a 400's field messages on the fields they name; true when at least one found its field. */
function showServerErrors(error: unknown, setError: UseFormSetError<SettingsFormValues>): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  let shown = false;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const path = formPathOf(key);
    if (path === null || !messages[0]) continue;
    // Focus goes to the first field refused, not to the body (the Save button is then disabled).
    setError(
      path as Path<SettingsFormValues>,
      { type: 'server', message: messages[0] },
      { shouldFocus: !shown },
    );
    shown = true;
  }
  return shown;
}

interface SettingsFormProps {
  strategyId: number;
  settings: NotificationSettings;
}

export function SettingsForm({ strategyId, settings }: SettingsFormProps) {
  const saved = useMemo(() => settingsValuesOf(settings), [settings]);
  const { control, formState, handleSubmit, reset, setError, trigger } = useForm<SettingsFormValues>({
    defaultValues: saved,
    mode: 'onTouched',
    resolver: settingsResolver,
  });
  const mutation = useUpdateNotificationSettings(strategyId);
  const saveBar = useScrollPadding('bottom');
  const [message, showMessage] = useTimedMessage();

  // A colleague's save arriving while the form is open updates the fields not being edited.
  useEffect(() => {
    reset(saved, { keepDirtyValues: true, keepErrors: true, keepTouched: true });
  }, [saved, reset]);
  // The version the user's edits started from: it follows the server only while nothing is edited.
  const base = useRef(settings.version);
  const { isDirty } = formState;
  useEffect(() => {
    if (!isDirty) base.current = settings.version;
  }, [isDirty, settings.version]);

  const submit = handleSubmit(async (values) => {
    try {
      const fresh = await mutation.mutateAsync({ update: settingsUpdateOf(values), version: base.current });
      base.current = fresh.version;
      // The stored form (recipients tidied, next due date computed) replaces what was typed.
      reset(settingsValuesOf(fresh));
      showMessage({ severity: 'success', text: PROGRESS_MESSAGES.settingsSaved });
    } catch (error) {
      const stale = staleAnswer(error);
      if (stale) {
        // The untouched fields now show the stored values; saving again keeps the user's edits.
        base.current = stale.current.version;
        showMessage({ severity: 'error', text: HISTORY_MESSAGES.stale });
        return;
      }
      if (showServerErrors(error, setError)) return;
      showMessage({ severity: 'error', text: errorMessage(error, PROGRESS_MESSAGES.updateSettingsFailed) });
    }
  });

  const problems = errorMessages(formState.errors);
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Notification settings">
      <ScheduleSection control={control} saved={settings} />
      <RecipientsSection control={control} />
      <RemindersSection control={control} trigger={trigger} />
      <Box
        ref={saveBar}
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
          pb: 2,
        }}
      >
        <SubmitRow
          pending={mutation.isPending}
          pendingLabel="Saving the notification settings"
          message={message}
          disabled={problems.length > 0}
        >
          Save
        </SubmitRow>
        <Typography role="status" aria-label="Problems" color="error" variant="body2" sx={{ mt: 1 }}>
          {problems.join(', ')}
        </Typography>
      </Box>
    </Box>
  );
}
