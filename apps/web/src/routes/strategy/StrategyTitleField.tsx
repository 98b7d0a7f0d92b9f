/**
 * The strategy title: plain single-line text, saved as the user types (spec §2, §5). Its heading
 * is the page's h1 and names the strategy to screen readers (the big text is a text box).
 */
import { STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import { HelpButton } from '../../components/help/HelpButton';
import { SectionHeading } from '../../components/SectionHeading';
import { StrategyTitleInput } from '../../components/StrategyTextFields';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useStrategyEditing } from './strategyEditing';

export function StrategyTitleField({ title, version }: { title: string; version: number }) {
  const { strategyId, isMaster, preview } = useStrategyEditing();
  return (
    <Box component="section" aria-labelledby="strategy-title-heading">
      <SectionHeading id="strategy-title-heading" level="h1" help={<HelpButton topic="strategy" />}>
        {/* Seen: the part's name over the big title. Heard: the part's name and the title. */}
        <span aria-hidden="true">Strategy</span>
        <Box component="span" sx={visuallyHidden}>
          Strategy: {title.trim() || STRATEGY_MESSAGES.untitledStrategy}
        </Box>
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
