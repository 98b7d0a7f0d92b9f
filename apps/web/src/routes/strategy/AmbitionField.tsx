/** The ambition statement: rich text up to LIMITS.ambition characters (spec §2, §5). */
import { LIMITS } from '@keystone/contract';
import Box from '@mui/material/Box';
import { failureMessage, useStrategySaves } from '../../api/strategies';
import { CollaborativeField } from '../../components/collaborative/CollaborativeField';
import { HelpButton } from '../../components/help/HelpButton';
import { SectionHeading } from '../../components/SectionHeading';
import { ambitionProblem } from './fieldRules';
import { useStrategyEditing } from './strategyEditing';

export function AmbitionField({ ambition, version }: { ambition: string; version: number }) {
  const { strategyId, isMaster, preview } = useStrategyEditing();
  const saves = useStrategySaves(strategyId);
  return (
    <Box component="section" aria-labelledby="ambition-heading">
      <SectionHeading id="ambition-heading" help={<HelpButton topic="ambition" />}>
        Ambition
      </SectionHeading>
      <CollaborativeField
        model="strategy"
        resId={strategyId}
        field="ambition"
        stored={{ value: ambition, version }}
        save={async (value, base) => {
          const saved = await saves.strategy({ ambition: value }, base);
          return { value: saved.ambition, version: saved.version };
        }}
        validate={ambitionProblem}
        describeFailure={(error) => failureMessage('updateStrategy', error)}
        canEdit={isMaster}
        preview={preview}
        label="Ambition"
        placeholder="Describe where this strategy should take you."
        maxLength={LIMITS.ambition}
        editorSx={{ typography: 'body1', fontSize: '1.0625rem', lineHeight: 1.6 }}
      />
    </Box>
  );
}
