/** A focus-area or initiative title: single-line rich text, autosaved, locked while someone else edits it. */
import { LIMITS } from '@keystone/contract';
import type { SxProps, Theme } from '@mui/material/styles';
import { EditConflict, readOnlyRichText } from '../../components/EditConflict';
import { LockableField } from '../../components/LockableField';
import { RichTextField } from '../../components/RichTextField';
import type { Autosave } from '../../lib/autosave/useAutosave';
import { useFieldLock } from '../../realtime/useFieldLock';

interface TitleFieldProps {
  /** Whose title this is, for its field lock. */
  model: 'focusArea' | 'initiative';
  resId: number;
  value: string;
  label: string;
  placeholder: string;
  canEdit: boolean;
  preview: boolean;
  autosave: Autosave<string>;
  sx?: SxProps<Theme>;
}

export function TitleField({
  model,
  resId,
  value,
  label,
  placeholder,
  canEdit,
  preview,
  autosave,
  sx,
}: TitleFieldProps) {
  const fieldLock = useFieldLock(model, resId, 'title', { canEdit, preview });
  return (
    <LockableField lock={fieldLock.lock} editedBy={fieldLock.editedBy} sx={{ flexGrow: 1, pt: 0.5 }}>
      {(locked) => (
        <>
          <RichTextField
            value={value}
            onChange={autosave.change}
            onFocus={fieldLock.onFocus}
            onBlur={fieldLock.onBlur}
            label={label}
            placeholder={placeholder}
            maxLength={LIMITS.title}
            singleLine
            readOnly={preview || locked}
            settled={autosave.settled}
            onStoredShown={autosave.shown}
            onRestore={autosave.revert}
            error={autosave.error}
            showCounter={!preview && !locked}
            sx={sx}
          />
          {autosave.conflict && <EditConflict conflict={autosave.conflict} render={readOnlyRichText} />}
        </>
      )}
    </LockableField>
  );
}
