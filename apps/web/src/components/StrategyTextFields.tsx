/**
 * The strategy's own texts as collaborative fields: its title (plain, one line) and its ambition
 * (rich text). The strategy page and the progress page (spec §2: "Only strategy masters may
 * edit") edit them with the same rules, messages, locks and saves; each page adds its headings.
 */
import { LIMITS, STRATEGY_MESSAGES } from '@keystone/contract';
import { failureMessage, useStrategySaves } from '../api/strategies';
import { ambitionProblem, strategyTitleProblem } from '../lib/strategyFieldRules';
import { CollaborativeField } from './collaborative/CollaborativeField';

interface StrategyTextProps {
  strategyId: number;
  value: string;
  /** The strategy's version as the page holds it. */
  version: number;
  /** Strategy master (canEditStrategy). */
  canEdit: boolean;
  preview?: boolean;
}

export function StrategyTitleInput({
  strategyId,
  value,
  version,
  canEdit,
  preview = false,
}: StrategyTextProps) {
  const saves = useStrategySaves(strategyId);
  return (
    <CollaborativeField
      model="strategy"
      resId={strategyId}
      field="title"
      stored={{ value, version }}
      save={async (title, base) => {
        const saved = await saves.strategy({ title }, base);
        return { value: saved.title, version: saved.version };
      }}
      validate={strategyTitleProblem}
      describeFailure={(error) => failureMessage('updateStrategy', error)}
      canEdit={canEdit}
      preview={preview}
      plain
      label="Strategy title"
      placeholder={STRATEGY_MESSAGES.untitledStrategy}
      maxLength={LIMITS.title}
      editorSx={{ typography: 'h1' }}
    />
  );
}

export function AmbitionInput({ strategyId, value, version, canEdit, preview = false }: StrategyTextProps) {
  const saves = useStrategySaves(strategyId);
  return (
    <CollaborativeField
      model="strategy"
      resId={strategyId}
      field="ambition"
      stored={{ value, version }}
      save={async (ambition, base) => {
        const saved = await saves.strategy({ ambition }, base);
        return { value: saved.ambition, version: saved.version };
      }}
      validate={ambitionProblem}
      describeFailure={(error) => failureMessage('updateStrategy', error)}
      canEdit={canEdit}
      preview={preview}
      label="Ambition"
      placeholder="Describe where this strategy should take you."
      maxLength={LIMITS.ambition}
      editorSx={{ typography: 'body1', fontSize: '1.0625rem', lineHeight: 1.6 }}
    />
  );
}
