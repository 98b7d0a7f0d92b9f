/**
 * On the line of a deleted focus area, initiative or measure: until when it can be restored and, for the
 * strategy's masters, a "Restore" button; once restored or past the period, a line saying so.
 * The outcome is shown and announced in the line, and takes the focus (the button goes away).
 */
import {
  DELETED_RECORD_MESSAGES,
  type DeletedRestoreModel,
  HISTORY_KINDS,
  isDeletedRestorable,
} from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ActivityEntry } from '../../api/activity';
import { ApiError } from '../../api/client';
import { type DeletedRecord, restoreDeleted } from '../../api/deletedRecords';
import { readableText } from './describeChange';

interface Outcome {
  severity: 'success' | 'error';
  text: string;
}

const RESTORED_TEXT = {
  focusArea: DELETED_RECORD_MESSAGES.restoredFocusArea,
  initiative: DELETED_RECORD_MESSAGES.restoredInitiative,
  measure: DELETED_RECORD_MESSAGES.restoredMeasure,
} as const satisfies Record<DeletedRestoreModel, string>;

/** The spec's MM/DD/YYYY, in the reader's time zone (no date library in the panel's code). */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

const failure = (error: unknown) => {
  const detail = error instanceof ApiError ? error.detail : null;
  return detail
    ? `${DELETED_RECORD_MESSAGES.restoreFailed} ${detail}`
    : DELETED_RECORD_MESSAGES.restoreFailed;
};

/** Where the panel is, and whether its reader may restore (the contract's canRestoreDeleted). */
export interface DeletedRecordScope {
  strategyId: number;
  mayRestore: boolean;
}

export function DeletedRecordRestore({ entry, scope }: { entry: ActivityEntry; scope: DeletedRecordScope }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  const restore = useMutation({ mutationFn: (record: DeletedRecord) => restoreDeleted(queryClient, record) });
  const { model } = entry;
  if (!entry.restore || !isDeletedRestorable(model)) return null;
  const { state, until } = entry.restore;
  const title = readableText((entry.oldValue as { title?: unknown } | null)?.title);
  const what = `${HISTORY_KINDS[model].label.toLowerCase()}${title ? ` “${title}”` : ''}`;

  const run = () => {
    setOutcome(null);
    restore.mutate(
      { model, recordId: entry.recordId, strategyId: scope.strategyId },
      {
        onSuccess: () => setOutcome({ severity: 'success', text: RESTORED_TEXT[model] }),
        onError: (error) => setOutcome({ severity: 'error', text: failure(error) }),
      },
    );
  };

  return (
    <Box sx={{ mt: 1 }}>
      {state === 'available' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {DELETED_RECORD_MESSAGES.restorableUntil(dayFormat.format(new Date(until)))}
          </Typography>
          {scope.mayRestore && (
            <Button
              size="small"
              variant="outlined"
              loading={restore.isPending}
              aria-label={DELETED_RECORD_MESSAGES.restoreNamed(what)}
              onClick={run}
              sx={{
                '&.Mui-focusVisible': {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                },
              }}
            >
              {DELETED_RECORD_MESSAGES.restore}
            </Button>
          )}
        </Box>
      )}
      {state === 'restored' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {DELETED_RECORD_MESSAGES.restoredSince}
        </Typography>
      )}
      {state === 'expired' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {DELETED_RECORD_MESSAGES.expired}
        </Typography>
      )}
      {outcome && (
        <Alert
          ref={outcomeRef}
          tabIndex={-1}
          severity={outcome.severity}
          role={outcome.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setOutcome(null)}
          sx={{ mt: 1 }}
        >
          {outcome.text}
        </Alert>
      )}
    </Box>
  );
}
