/**
 * The due date passed while someone was writing (the save answered 409): what was saved before it
 * is in that date's history, and the text typed since is shown here rather than silently dropped.
 * The writer may copy it into the new period's comment (added after any text already there) or
 * dismiss it. Nothing is copied without asking: the text was written for the period that closed.
 */
import { LIMITS, PROGRESS_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { progressFailure, useProgressSaves } from '../../api/progress';
import type { Comment } from '../../api/strategyWire';
import { RichTextField } from '../../components/RichTextField';
import { commentProblem } from './commentRules';
import { commentEditorSx } from './commentStyles';
import { type UnsavedDraft, useProgressEditing } from './progressEditing';

interface UnsavedDraftNoticeProps {
  draft: UnsavedDraft;
  /** The comment of the same type in the new period, once the page has loaded it. */
  target: Comment | undefined;
  label: string;
  onDone: () => void;
}

export function UnsavedDraftNotice({ draft, target, label, onDone }: UnsavedDraftNoticeProps) {
  const { strategyId } = useProgressEditing();
  const saves = useProgressSaves(strategyId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const copy = async () => {
    if (!target) return;
    const combined = target.comment ? `${target.comment}${draft.html}` : draft.html;
    const problem = commentProblem(combined);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      await saves.comment(target.id, combined, target.version);
      onDone();
    } catch (failure) {
      setError(progressFailure('updateComment', failure));
      setBusy(false);
    }
  };

  return (
    <Alert severity="warning" sx={{ mt: 1, '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}>
      <AlertTitle>{PROGRESS_MESSAGES.dueDatePassedBeforeSave}</AlertTitle>
      {PROGRESS_MESSAGES.commentLocked} {PROGRESS_MESSAGES.unsavedDraftBelow}
      <Box sx={{ my: 1, pl: 1.5, borderLeft: 3, borderColor: 'warning.light' }}>
        <RichTextField
          value={draft.html}
          label={`Unsaved text of ${label}`}
          maxLength={LIMITS.comment}
          readOnly
          sx={commentEditorSx}
        />
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" color="inherit" disabled={!target || busy} onClick={copy}>
          Copy into the new update
        </Button>
        <Button size="small" color="inherit" disabled={busy} onClick={onDone}>
          Dismiss
        </Button>
      </Stack>
    </Alert>
  );
}
