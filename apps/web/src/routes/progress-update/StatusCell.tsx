/**
 * An initiative's current status on the progress page: changeable by those with the progress right
 * (one PATCH per choice, the field locked for others meanwhile), read-only with the reason otherwise.
 */
import {
  ANNOUNCEMENT_TEXT,
  HISTORY_MESSAGES,
  type InitiativeStatus,
  statusOrInactive,
} from '@keystone/contract';
import { useState } from 'react';
import { progressFailure, useProgressSaves } from '../../api/progress';
import { staleAnswer } from '../../api/staleEdits';
import { LockableField } from '../../components/LockableField';
import { announce } from '../../lib/announcer';
import { SAVE_TOPIC } from '../../lib/autosave/saveStatus';
import { useFieldLock } from '../../realtime/useFieldLock';
import { useProgressEditing } from './progressEditing';
import { StatusSelect } from './StatusSelect';

interface CurrentStatusProps {
  initiativeId: number;
  status: string;
  /** The initiative's version with this status: a choice is an edit of it. */
  version: number;
  label: string;
  canEdit: boolean;
}

export function CurrentStatus({ initiativeId, status, version, label, canEdit }: CurrentStatusProps) {
  const { strategyId, reportError } = useProgressEditing();
  const saves = useProgressSaves(strategyId);
  const fieldLock = useFieldLock('initiative', initiativeId, 'status', {
    canEdit,
    preview: false,
    label,
  });
  // The chosen status shows at once; the stored one takes over when the save is answered.
  const [chosen, setChosen] = useState<InitiativeStatus | null>(null);

  const change = (next: InitiativeStatus) => {
    setChosen(next);
    saves
      .status(initiativeId, next, version)
      // The choice shows at once, so only a screen reader needs telling that it was stored.
      .then(() => announce(ANNOUNCEMENT_TEXT.saved, { key: SAVE_TOPIC }))
      // Someone else chose a status meanwhile: theirs shows (the answer's record), and the user may choose again.
      .catch((error: unknown) =>
        reportError(staleAnswer(error) ? HISTORY_MESSAGES.stale : progressFailure('updateInitiative', error)),
      )
      .finally(() => setChosen(null));
  };

  return (
    <LockableField
      lock={fieldLock.lock}
      editedBy={fieldLock.editedBy}
      sx={{ display: 'inline-block', width: '100%', maxWidth: 150 }}
    >
      {(locked) => (
        <StatusSelect
          value={chosen ?? statusOrInactive(status)}
          label={label}
          readOnly={locked}
          onChange={change}
          onFocus={fieldLock.onFocus}
          onBlur={fieldLock.onBlur}
        />
      )}
    </LockableField>
  );
}
