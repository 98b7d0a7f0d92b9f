/**
 * One charter field (spec §5): rich text with a live counter and the 900-character limit, or the
 * single-line work plan; autosaved in one call per change, read-only with the reason for people
 * who may not edit the initiative.
 */
import { LIMITS } from '@keystone/contract';
import Box from '@mui/material/Box';
import { charterFailure, useCharterSaves } from '../../api/charter';
import { charterText } from '../../api/charterWire';
import { staleText } from '../../api/staleEdits';
import { EditConflict, readOnlyRichText } from '../../components/EditConflict';
import { LockableField } from '../../components/LockableField';
import { RichTextField } from '../../components/RichTextField';
import { useAutosave } from '../../lib/autosave/useAutosave';
import { useFieldLock } from '../../realtime/useFieldLock';
import { WITHDRAWS_APPROVAL } from './ApprovalEditGuard';
import { CharterSection } from './CharterSection';
import { useCharterEditing } from './charterEditing';
import { type CharterFieldSpec, charterFieldProblem } from './charterFields';

interface CharterTextSectionProps {
  spec: CharterFieldSpec;
  /** The stored HTML of the field. */
  value: string;
  /** The initiative's version that goes with `value`. */
  version: number;
}

/** A charter field under its heading (and help button). */
export function CharterTextSection({ spec, value, version }: CharterTextSectionProps) {
  const { initiativeId, strategyId, canEdit } = useCharterEditing();
  const saves = useCharterSaves(initiativeId, strategyId);
  const { field, title } = spec;
  const autosave = useAutosave<string>({
    fieldKey: `initiative:${initiativeId}:${field}`,
    stored: { value, version },
    save: async (text, base) => {
      const saved = await saves.field(field, text, base);
      return { value: charterText(saved, field), version: saved.version };
    },
    staleEdit: (error) => staleText(error, field),
    validate: (text) => charterFieldProblem(field, text),
    describeFailure: (error) => charterFailure('updateInitiative', error),
  });
  const fieldLock = useFieldLock('initiative', initiativeId, field, { canEdit, preview: false });

  return (
    <CharterSection id={field.replaceAll('_', '-')} title={title} help={spec.help}>
      <Box {...WITHDRAWS_APPROVAL}>
        <LockableField lock={fieldLock.lock} editedBy={fieldLock.editedBy}>
          {(locked) => (
            <RichTextField
              value={value}
              onChange={autosave.change}
              onFocus={fieldLock.onFocus}
              onBlur={fieldLock.onBlur}
              label={title}
              // A prompt helps the writer; a reader only needs to know nothing is written yet.
              placeholder={canEdit ? spec.placeholder : 'Not written yet.'}
              maxLength={LIMITS.charterField}
              singleLine={spec.singleLine}
              readOnly={locked}
              settled={autosave.settled}
              onStoredShown={autosave.shown}
              error={autosave.error}
              sx={{ typography: 'body1', lineHeight: 1.6 }}
            />
          )}
        </LockableField>
      </Box>
      {autosave.conflict && <EditConflict conflict={autosave.conflict} render={readOnlyRichText} />}
    </CharterSection>
  );
}
