/** The strategy title: plain single-line text, saved as the user types (spec §2, §5). */
import { LIMITS, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import { failureMessage, useStrategySaves } from '../../api/strategies';
import { CollaborativeField } from '../../components/collaborative/CollaborativeField';
import { HelpButton } from '../../components/help/HelpButton';
import { SectionHeading } from '../../components/SectionHeading';
import { strategyTitleProblem } from './fieldRules';
import { useStrategyEditing } from './strategyEditing';

export function StrategyTitleField({ title, version }: { title: string; version: number }) {
  const { strategyId, isMaster, preview } = useStrategyEditing();
  const saves = useStrategySaves(strategyId);
  return (
    <Box component="section" aria-labelledby="strategy-title-heading">
      <SectionHeading id="strategy-title-heading" help={<HelpButton topic="strategy" />}>
        Strategy
      </SectionHeading>
      <CollaborativeField
        model="strategy"
        resId={strategyId}
        field="title"
        stored={{ value: title, version }}
        save={async (value, base) => {
          const saved = await saves.strategy({ title: value }, base);
          return { value: saved.title, version: saved.version };
        }}
        validate={strategyTitleProblem}
        describeFailure={(error) => failureMessage('updateStrategy', error)}
        canEdit={isMaster}
        preview={preview}
        plain
        label="Strategy title"
        placeholder={STRATEGY_MESSAGES.untitledStrategy}
        maxLength={LIMITS.title}
        editorSx={{ typography: 'h1' }}
      />
    </Box>
  );
}
