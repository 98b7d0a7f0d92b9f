/**
 * One current comment (spec §2): rich text autosaved ~250 ms after typing, locked for others while
 * someone writes in it, read-only with the reason for people without the progress right. A save
 * refused because the due date passed in the meantime hands the text to the page, which keeps it.
 */
import { LIMITS, PROGRESS_MESSAGES } from '@keystone/contract';
import { isCommentLocked, progressFailure, useProgressSaves } from '../../api/progress';
import { staleText } from '../../api/staleEdits';
import type { Comment } from '../../api/strategyWire';
import { EditConflict, readOnlyRichText } from '../../components/EditConflict';
import { LockableField } from '../../components/LockableField';
import { RichTextField } from '../../components/RichTextField';
import { useAutosave } from '../../lib/autosave/useAutosave';
import { useFieldLock } from '../../realtime/useFieldLock';
import { commentProblem } from './commentRules';
import { commentEditorSx } from './commentStyles';
import { useProgressEditing } from './progressEditing';

/** The due date passed: trying again cannot help, so autosave stops and says so. */
class CommentLockedError extends Error {}

interface CommentFieldProps {
  comment: Comment;
  label: string;
  canEdit: boolean;
}

export function CommentField({ comment, label, canEdit }: CommentFieldProps) {
  const { strategyId, keepUnsavedDraft } = useProgressEditing();
  const saves = useProgressSaves(strategyId);
  const autosave = useAutosave<string>({
    fieldKey: `comment:${comment.id}`,
    stored: { value: comment.comment, version: comment.version },
    save: async (html, base) => {
      try {
        const saved = await saves.comment(comment.id, html, base);
        return { value: saved.comment, version: saved.version };
      } catch (error) {
        if (!isCommentLocked(error)) throw error;
        keepUnsavedDraft({ initiativeId: comment.initiative, commentType: comment.commentType, html });
        throw new CommentLockedError();
      }
    },
    staleEdit: (error) => staleText(error, 'comment'),
    validate: commentProblem,
    describeFailure: (error) =>
      error instanceof CommentLockedError
        ? PROGRESS_MESSAGES.commentLocked
        : progressFailure('updateComment', error),
  });
  const fieldLock = useFieldLock('comment', comment.id, 'comment', { canEdit, preview: false });

  return (
    <LockableField lock={fieldLock.lock} editedBy={fieldLock.editedBy}>
      {(locked) => (
        <>
          <RichTextField
            value={comment.comment}
            onChange={autosave.change}
            onFocus={fieldLock.onFocus}
            onBlur={fieldLock.onBlur}
            label={label}
            // A prompt helps the writer; a reader only needs to know nothing is written yet.
            placeholder={canEdit ? PROGRESS_MESSAGES.commentPlaceholder : 'Not written yet.'}
            maxLength={LIMITS.comment}
            readOnly={locked}
            settled={autosave.settled}
            onStoredShown={autosave.shown}
            error={autosave.error}
            sx={commentEditorSx(locked)}
          />
          {autosave.conflict && <EditConflict conflict={autosave.conflict} render={readOnlyRichText} />}
        </>
      )}
    </LockableField>
  );
}
