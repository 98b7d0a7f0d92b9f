/** The ambition statement: rich text up to LIMITS.ambition characters (spec §2, §5). */
import { LIMITS } from '@keystone/contract';
import Box from '@mui/material/Box';
import { staleText } from '../../api/staleEdits';
import { failureMessage, useStrategySaves } from '../../api/strategies';
import { EditConflict, readOnlyRichText } from '../../components/EditConflict';
import { HelpButton } from '../../components/help/HelpButton';
import { LockableField } from '../../components/LockableField';
import { RichTextField } from '../../components/RichTextField';
import { useAutosave } from '../../lib/autosave/useAutosave';
import { useFieldLock } from '../../realtime/useFieldLock';
import { ambitionProblem } from './fieldRules';
import { SectionHeading } from './SectionHeading';
import { useStrategyEditing } from './strategyEditing';

export function AmbitionField({ ambition, version }: { ambition: string; version: number }) {
  const { strategyId, isMaster, preview } = useStrategyEditing();
  const saves = useStrategySaves(strategyId);
  const autosave = useAutosave<string>({
    fieldKey: 'strategy:ambition',
    stored: { value: ambition, version },
    save: async (value, base) => {
      const saved = await saves.strategy({ ambition: value }, base);
      return { value: saved.ambition, version: saved.version };
    },
    staleEdit: (error) => staleText(error, 'ambition'),
    validate: ambitionProblem,
    describeFailure: (error) => failureMessage('updateStrategy', error),
  });
  const fieldLock = useFieldLock('strategy', strategyId, 'ambition', { canEdit: isMaster, preview });

  return (
    <Box component="section" aria-labelledby="ambition-heading">
      <SectionHeading id="ambition-heading" help={<HelpButton topic="ambition" />}>
        Ambition
      </SectionHeading>
      <LockableField lock={fieldLock.lock} editedBy={fieldLock.editedBy}>
        {(locked) => (
          <RichTextField
            value={ambition}
            onChange={autosave.change}
            onFocus={fieldLock.onFocus}
            onBlur={fieldLock.onBlur}
            label="Ambition"
            placeholder="Describe where this strategy should take you."
            maxLength={LIMITS.ambition}
            readOnly={preview || locked}
            settled={autosave.settled}
            onStoredShown={autosave.shown}
            onRestore={autosave.revert}
            error={autosave.error}
            showCounter={!preview}
            sx={{ typography: 'body1', fontSize: '1.0625rem', lineHeight: 1.6 }}
          />
        )}
      </LockableField>
      {autosave.conflict && <EditConflict conflict={autosave.conflict} render={readOnlyRichText} />}
    </Box>
  );
}
