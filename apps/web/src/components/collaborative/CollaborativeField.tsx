/**
 * One text field that several people may edit (spec §4, §5): the editor, its autosave, its field
 * lock, the read-only state with the reason as a tooltip, the live-edit mark and the stale-edit
 * conflict, wired together once. Each page only says which record and field it is, how to save
 * it, its rules and its look.
 */
import type { LockModel } from '@keystone/contract';
import type { SxProps, Theme } from '@mui/material/styles';
import { staleText } from '../../api/staleEdits';
import { type StaleEdit, type Stored, useAutosave } from '../../lib/autosave/useAutosave';
import { useFieldLock } from '../../realtime/useFieldLock';
import { EditConflict, plainText, readOnlyRichText } from '../EditConflict';
import { LockableField } from '../LockableField';
import { type FocusHandover, RichTextField } from '../RichTextField';
import { PlainTextField } from './PlainTextField';

interface CollaborativeFieldProps {
  /** The record and its field (wire name): the field lock's target and the key of a stale answer's text. */
  model: LockModel;
  resId: number;
  field: string;
  /** The field's value as the page holds it from the server, with its record's version. */
  stored: Stored<string>;
  /** Sends the value as an edit of `base`; answers the stored value and the record's new version. */
  save: (value: string, base: number | undefined) => Promise<Stored<string>>;
  /**
   * The other person's text when a save was refused as stale (default: the field of the answer's
   * record, by wire name; a field kept inside the record, such as a measure's reading, says where).
   */
  staleEdit?: (error: unknown) => StaleEdit<string> | null;
  /** The contract's rule for the value: the first broken rule's message, or null. */
  validate: (value: string) => string | null;
  /** The text for a refused save. */
  describeFailure: (error: unknown) => string;
  /** Whether the user's role allows editing this field (the contract's permission rules). */
  canEdit: boolean;
  /** Preview shows the page as a reader sees it: nothing editable, no counter, nothing says why. */
  preview?: boolean;
  /** Accessible name of the text box. */
  label: string;
  /** The prompt of an empty field for someone who may edit it. */
  placeholder: string;
  /** What an empty field says to someone who may not edit it (default: the placeholder). */
  readerPlaceholder?: string;
  /** Longest plain text (LIMITS). */
  maxLength: number;
  singleLine?: boolean;
  /** Plain text instead of rich text (the strategy title): always one line. */
  plain?: boolean;
  /** The editor's look (typography, spacing). */
  editorSx?: SxProps<Theme>;
  /** The look of the wrapper around the field and its conflict (its place in a row). */
  sx?: SxProps<Theme>;
  /** Focus for a new item's title, with what was typed while it was being created (rich text only). */
  takeFocus?: FocusHandover;
}

export function CollaborativeField({
  model,
  resId,
  field,
  stored,
  save,
  staleEdit = (error) => staleText(error, field),
  validate,
  describeFailure,
  canEdit,
  preview = false,
  label,
  placeholder,
  readerPlaceholder = placeholder,
  maxLength,
  singleLine = false,
  plain = false,
  editorSx,
  sx,
  takeFocus,
}: CollaborativeFieldProps) {
  const autosave = useAutosave<string>({
    fieldKey: `${model}:${resId}:${field}`,
    stored,
    save,
    staleEdit,
    validate,
    describeFailure,
  });
  const fieldLock = useFieldLock(model, resId, field, { canEdit, preview, label });
  const Editor = plain ? PlainTextField : RichTextField;

  return (
    <LockableField lock={fieldLock.lock} editedBy={fieldLock.editedBy} sx={sx}>
      {(locked) => (
        <>
          <Editor
            value={stored.value}
            onChange={autosave.change}
            onFocus={fieldLock.onFocus}
            onBlur={fieldLock.onBlur}
            label={label}
            // A prompt helps the writer; a reader may only need to know nothing is written yet.
            placeholder={canEdit ? placeholder : readerPlaceholder}
            maxLength={maxLength}
            singleLine={singleLine}
            readOnly={preview || locked}
            settled={autosave.settled}
            onStoredShown={autosave.shown}
            // A text left breaking a rule (e.g. an emptied title) gives way to the stored one, and its message goes.
            onRestore={autosave.revert}
            error={autosave.error}
            showCounter={!preview}
            sx={editorSx}
            takeFocus={takeFocus}
          />
          {autosave.conflict && (
            <EditConflict
              conflict={autosave.conflict}
              label={label}
              render={plain ? plainText : readOnlyRichText}
            />
          )}
        </>
      )}
    </LockableField>
  );
}
