/** A focus-area or initiative title: single-line rich text, autosaved, read-only when locked. */
import { LIMITS } from '@keystone/contract';
import type { SxProps, Theme } from '@mui/material/styles';
import { LockableField, permissionLock } from '../../components/LockableField';
import { RichTextField } from '../../components/RichTextField';
import type { Autosave } from '../../lib/autosave/useAutosave';

interface TitleFieldProps {
  value: string;
  label: string;
  placeholder: string;
  canEdit: boolean;
  preview: boolean;
  autosave: Autosave<string>;
  sx?: SxProps<Theme>;
}

export function TitleField({ value, label, placeholder, canEdit, preview, autosave, sx }: TitleFieldProps) {
  return (
    <LockableField lock={preview ? null : permissionLock(canEdit)} sx={{ flexGrow: 1, pt: 0.5 }}>
      {(locked) => (
        <RichTextField
          value={value}
          onChange={autosave.change}
          label={label}
          placeholder={placeholder}
          maxLength={LIMITS.title}
          singleLine
          readOnly={preview || locked}
          settled={autosave.settled}
          error={autosave.error}
          showCounter={!preview && !locked}
          sx={sx}
        />
      )}
    </LockableField>
  );
}
