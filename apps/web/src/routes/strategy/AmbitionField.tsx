/** The ambition statement: rich text up to LIMITS.ambition characters (spec §2, §5). */
import Box from '@mui/material/Box';
import { HelpButton } from '../../components/help/HelpButton';
import { SectionHeading } from '../../components/SectionHeading';
import { AmbitionInput } from '../../components/StrategyTextFields';
import { useStrategyEditing } from './strategyEditing';

export function AmbitionField({ ambition, version }: { ambition: string; version: number }) {
  const { strategyId, isMaster, preview } = useStrategyEditing();
  return (
    <Box component="section" aria-labelledby="ambition-heading">
      <SectionHeading id="ambition-heading" help={<HelpButton topic="ambition" />}>
        Ambition
      </SectionHeading>
      <AmbitionInput
        strategyId={strategyId}
        value={ambition}
        version={version}
        canEdit={isMaster}
        preview={preview}
      />
    </Box>
  );
}
