/**
 * One charter field (spec §5): rich text with a live counter and the 900-character limit, or the
 * single-line work plan; autosaved in one call per change, read-only with the reason for people
 * who may not edit the initiative.
 */
import { LIMITS } from '@keystone/contract';
import Box from '@mui/material/Box';
import { charterFailure, useCharterSaves } from '../../api/charter';
import { charterText } from '../../api/charterWire';
import { CollaborativeField } from '../../components/collaborative/CollaborativeField';
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

  return (
    <CharterSection id={field.replaceAll('_', '-')} title={title} help={spec.help}>
      <Box {...WITHDRAWS_APPROVAL}>
        <CollaborativeField
          model="initiative"
          resId={initiativeId}
          field={field}
          stored={{ value, version }}
          save={async (text, base) => {
            const saved = await saves.field(field, text, base);
            return { value: charterText(saved, field), version: saved.version };
          }}
          validate={(text) => charterFieldProblem(field, text)}
          describeFailure={(error) => charterFailure('updateInitiative', error)}
          canEdit={canEdit}
          label={title}
          placeholder={spec.placeholder}
          readerPlaceholder="Not written yet."
          maxLength={LIMITS.charterField}
          singleLine={spec.singleLine}
          editorSx={{ typography: 'body1', lineHeight: 1.6 }}
        />
      </Box>
    </CharterSection>
  );
}
