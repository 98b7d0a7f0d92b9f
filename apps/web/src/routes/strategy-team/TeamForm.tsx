/** The team form: strategy masters, then each focus area's initiatives, saved in one call. */
import { type Actor, canEditMasters, MESSAGES, STRATEGY_MESSAGES, TEAM_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useBlocker } from 'react-router';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/errorMessages';
import type { Person } from '../../api/strategies';
import type { StrategyTeam } from '../../api/strategyWire';
import { useAssignTeam } from '../../api/team';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SubmitRow } from '../../components/SubmitRow';
import { useTimedMessage } from '../../components/useTimedMessage';
import { FocusAreaTeam } from './FocusAreaTeam';
import { PeoplePicker } from './PeoplePicker';
import { formFieldOfServerKey, rebase, type TeamFormValues, teamPayload, teamValuesOf } from './teamRules';

const idsInOrder = (teams: readonly { initiativeId: number }[]) =>
  teams.map((team) => team.initiativeId).join(',');

interface TeamFormProps {
  /** The whole strategy, or for an administrator without a role only its team. */
  strategy: StrategyTeam;
  /** Where the page keeps `strategy` in the query cache; read again after a save. */
  queryKey: readonly unknown[];
  /** The organisation's users, in picker order. */
  options: Person[];
  user: Actor;
}

export function TeamForm({ strategy, queryKey, options, user }: TeamFormProps) {
  const saved = useMemo(() => teamValuesOf(strategy), [strategy]);
  const form = useForm<TeamFormValues>({ defaultValues: saved, mode: 'all' });
  const { control, formState, getValues, handleSubmit, reset, setError } = form;
  const mutation = useAssignTeam(strategy.id);
  const queryClient = useQueryClient();
  const [message, showMessage] = useTimedMessage();
  const [fieldsWithInvalidText, setFieldsWithInvalidText] = useState<ReadonlySet<string>>(new Set());

  // Someone else's change arriving while this form is open updates the fields not being edited.
  // Edits are kept only while the initiatives are the same and in the same order: they are held
  // by position, and a kept position could otherwise now belong to another initiative.
  // What each list's edit started from, sent with the save so the server merges the edit.
  const base = useRef(saved);
  useEffect(() => {
    const sameInitiatives = idsInOrder(getValues('initiatives')) === idsInOrder(saved.initiatives);
    base.current = sameInitiatives ? rebase(base.current, getValues(), saved) : saved;
    reset(saved, { keepDirtyValues: sameInitiatives });
  }, [saved, reset, getValues]);

  // Unsaved changes: leaving asks first, in the app (the router) and for the browser's own ways out.
  const unsaved = formState.isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const onInvalidTextChange = useCallback((field: string, invalid: boolean) => {
    setFieldsWithInvalidText((current) => {
      if (current.has(field) === invalid) return current;
      const next = new Set(current);
      if (invalid) next.add(field);
      else next.delete(field);
      return next;
    });
  }, []);

  const submit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(teamPayload(strategy.id, values, base.current));
      // The save resolves after the strategy was fetched again: show people as stored (merged with
      // others' changes), with real ids.
      const fresh = queryClient.getQueryData<StrategyTeam>(queryKey);
      const stored = fresh ? teamValuesOf(fresh) : values;
      base.current = stored;
      reset(stored);
      showMessage({ severity: 'success', text: MESSAGES.strategyTeamSaved });
    } catch (error) {
      if (error instanceof ApiError) {
        // The first field refused takes focus: Submit is disabled by the errors and would lose it.
        let focused = false;
        for (const [key, messages] of Object.entries(error.fieldErrors)) {
          const field = formFieldOfServerKey(key);
          if (!field || !messages[0]) continue;
          setError(field, { type: 'server', message: messages[0] }, { shouldFocus: !focused });
          focused = true;
        }
      }
      showMessage({ severity: 'error', text: errorMessage(error, STRATEGY_MESSAGES.updateTeamFailed) });
    }
  });

  const hasErrors = Object.keys(formState.errors).length > 0 || fieldsWithInvalidText.size > 0;
  let firstIndex = 0;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Box sx={{ maxWidth: 640, mb: 3 }}>
        <Controller
          control={control}
          name="masters"
          render={({ field, fieldState }) => (
            <PeoplePicker
              label="Strategy master"
              showLabel
              value={field.value}
              options={options}
              onChange={field.onChange}
              onBlur={field.onBlur}
              onInvalidTextChange={(invalid) => onInvalidTextChange(field.name, invalid)}
              disabled={!canEditMasters(user, strategy.roles)}
              error={fieldState.error?.message}
            />
          )}
        />
      </Box>
      {strategy.focusAreas.map((area) => {
        const start = firstIndex;
        firstIndex += area.initiatives.length;
        return (
          <FocusAreaTeam
            key={area.id}
            area={area}
            firstIndex={start}
            control={control}
            options={options}
            userId={user.id}
            strategyRoles={strategy.roles}
            onInvalidTextChange={onInvalidTextChange}
          />
        );
      })}
      <SubmitRow
        pending={mutation.isPending}
        pendingLabel="Saving the strategy team"
        message={message}
        disabled={hasErrors}
      >
        Submit
      </SubmitRow>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={TEAM_MESSAGES.leaveTitle}
        message={TEAM_MESSAGES.leaveMessage}
        confirmLabel={TEAM_MESSAGES.leave}
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </Box>
  );
}
