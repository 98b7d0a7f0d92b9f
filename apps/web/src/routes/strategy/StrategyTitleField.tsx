/** The strategy title: plain single-line text, saved as the user types (spec §2, §5). */
import Box from '@mui/material/Box';
import { HelpButton } from '../../components/help/HelpButton';
import { SectionHeading } from '../../components/SectionHeading';
import { StrategyTitleInput } from '../../components/StrategyTextFields';
import { useStrategyEditing } from './strategyEditing';

export function StrategyTitleField({ title, version }: { title: string; version: number }) {
  const { strategyId, isMaster, preview } = useStrategyEditing();
  return (
    <Box component="section" aria-labelledby="strategy-title-heading">
      <SectionHeading id="strategy-title-heading" help={<HelpButton topic="strategy" />}>
        Strategy
      </SectionHeading>
      <StrategyTitleInput
        strategyId={strategyId}
        value={title}
        version={version}
        canEdit={isMaster}
        preview={preview}
      />
    </Box>
  );
}
