/**
 * One current comment (spec §2): rich text autosaved ~250 ms after typing, locked for others while
 * someone writes in it, read-only with the reason for people without the progress right. A save
 * refused because the due date passed in the meantime hands the text to the page, which keeps it.
 */
import { LIMITS, PROGRESS_MESSAGES } from '@keystone/contract';
import { isCommentLocked, progressFailure, useProgressSaves } from '../../api/progress';
import type { Comment } from '../../api/strategyWire';
import { CollaborativeField } from '../../components/collaborative/CollaborativeField';
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
  const save = async (html: string, base: number | undefined) => {
    try {
      const saved = await saves.comment(comment.id, html, base);
      return { value: saved.comment, version: saved.version };
    } catch (error) {
      if (!isCommentLocked(error)) throw error;
      keepUnsavedDraft({ initiativeId: comment.initiative, commentType: comment.commentType, html });
      throw new CommentLockedError();
    }
  };

  return (
    <CollaborativeField
      model="comment"
      resId={comment.id}
      field="comment"
      stored={{ value: comment.comment, version: comment.version }}
      save={save}
      validate={commentProblem}
      describeFailure={(error) =>
        error instanceof CommentLockedError
          ? PROGRESS_MESSAGES.commentLocked
          : progressFailure('updateComment', error)
      }
      canEdit={canEdit}
      label={label}
      placeholder={PROGRESS_MESSAGES.commentPlaceholder}
      readerPlaceholder="Not written yet."
      maxLength={LIMITS.comment}
      editorSx={commentEditorSx}
    />
  );
}
