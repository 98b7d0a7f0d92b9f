/**
 * The charter page itself (spec §2): heading, the charter fields in the spec's order, the team,
 * the timeline and sponsor approval, with the save line, the live connection's state and printing.
 */
import { canEditInitiative, STRATEGY_MESSAGES } from '@keystone/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CharterInitiative } from '../../api/charter';
import { type CharterTextField, charterText } from '../../api/charterWire';
import { useStrategyQuery } from '../../api/strategies';
import { ActivityButton } from '../../components/activity/ActivityButton';
import { SaveStatusIndicator } from '../../components/collaborative/SaveStatusIndicator';
import { ErrorSnackbar } from '../../components/ErrorSnackbar';
import { ConnectionStatusIndicator } from '../../realtime/ConnectionStatusIndicator';
import { useApprovalEditGuard } from './ApprovalEditGuard';
import { ApprovalHistory } from './ApprovalHistory';
import { CharterHeading } from './CharterHeading';
import { CharterPdfButton } from './CharterPdfButton';
import { CharterTextSection } from './CharterTextSection';
import { type CharterEditing, CharterEditingContext } from './charterEditing';
import { CHARTER_FIELDS } from './charterFields';
import { MeasuresSection } from './MeasuresSection';
import { CharterPrintStyles, PRINT_HIDDEN } from './printStyles';
import { SponsorApproval } from './SponsorApproval';
import { TeamBlock } from './TeamBlock';
import { TimelineTable } from './TimelineTable';

interface CharterEditorProps {
  initiative: CharterInitiative;
  userId: number;
}

const twoColumns = {
  display: 'grid',
  gap: { xs: 3, md: 4 },
  gridTemplateColumns: { md: '1fr 1fr' },
} as const;

export function CharterEditor({ initiative, userId }: CharterEditorProps) {
  const [error, setError] = useState<string | null>(null);
  // Spec §2: the strategy is loaded last; here it only names the strategy.
  const strategy = useStrategyQuery(initiative.strategyId);
  const canEdit = canEditInitiative(userId, initiative.strategyRoles, initiative.roles);
  const guard = useApprovalEditGuard(initiative, canEdit);
  const { beforeEdit } = guard;
  const editing = useMemo<CharterEditing>(
    () => ({
      initiativeId: initiative.id,
      strategyId: initiative.strategyId,
      canEdit,
      reportError: setError,
      beforeEdit,
    }),
    [initiative.id, initiative.strategyId, canEdit, beforeEdit],
  );
  const text = (field: CharterTextField) => charterText(initiative, field);
  const strategyTitle = strategy.data ? strategy.data.title : null;

  return (
    <CharterEditingContext.Provider value={editing}>
      <CharterPrintStyles />
      <Box data-charter-page sx={{ width: '100%', maxWidth: 1080, mx: 'auto', px: { xs: 2, md: 4 }, py: 3 }}>
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1, minHeight: 40 }}
          {...PRINT_HIDDEN}
        >
          <Link
            component={RouterLink}
            to={`/strategy/${initiative.strategyId}`}
            underline="hover"
            variant="body2"
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              color: 'text.secondary',
              minWidth: 0,
              // The whole title, wrapped: the room the buttons leave, and a line of its own when narrow.
              flex: { xs: '1 1 100%', sm: '1 1 240px' },
            }}
          >
            <ArrowBack fontSize="small" />
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {strategyTitle || (strategy.data ? STRATEGY_MESSAGES.untitledStrategy : 'Back to the strategy')}
            </Box>
          </Link>
          <ConnectionStatusIndicator />
          <SaveStatusIndicator />
          <ActivityButton
            scope={{ kind: 'initiative', strategyId: initiative.strategyId, initiativeId: initiative.id }}
            userId={userId}
          />
          <Button
            variant="outlined"
            size="small"
            startIcon={<PrintOutlined />}
            onClick={() => window.print()}
          >
            Print / Save as PDF
          </Button>
          <CharterPdfButton initiativeId={initiative.id} reportError={setError} />
        </Stack>
        <Box
          data-charter-document
          data-testid="charter-page"
          onFocusCapture={guard.onFocusCapture}
          sx={{ bgcolor: 'background.paper', borderRadius: 3, p: { xs: 2, md: 5 }, display: 'grid', gap: 4 }}
        >
          <CharterHeading initiative={initiative} strategyTitle={strategyTitle} />
          <Divider />
          <CharterTextSection
            spec={CHARTER_FIELDS.problemStatement}
            value={text('problem_statement')}
            version={initiative.version}
          />
          <Box data-charter-columns sx={twoColumns}>
            <CharterTextSection
              spec={CHARTER_FIELDS.inScope}
              value={text('in_scope')}
              version={initiative.version}
            />
            <CharterTextSection
              spec={CHARTER_FIELDS.outScope}
              value={text('out_scope')}
              version={initiative.version}
            />
          </Box>
          <Box data-charter-columns sx={twoColumns}>
            <CharterTextSection
              spec={CHARTER_FIELDS.risks}
              value={text('risks_and_dependencies')}
              version={initiative.version}
            />
            <TeamBlock
              strategyId={initiative.strategyId}
              owners={initiative.owners}
              sponsors={initiative.sponsors}
              teamMembers={initiative.teamMembers}
            />
          </Box>
          <Box data-charter-columns sx={twoColumns}>
            <CharterTextSection
              spec={CHARTER_FIELDS.deliverables}
              value={text('deliverables')}
              version={initiative.version}
            />
            <CharterTextSection
              spec={CHARTER_FIELDS.impact}
              value={text('impact')}
              version={initiative.version}
            />
          </Box>
          <Box data-charter-columns sx={twoColumns}>
            <CharterTextSection
              spec={CHARTER_FIELDS.investment}
              value={text('investment')}
              version={initiative.version}
            />
            <CharterTextSection
              spec={CHARTER_FIELDS.workPlan}
              value={text('work_plan')}
              version={initiative.version}
            />
          </Box>
          <TimelineTable />
          <MeasuresSection initiative={initiative} userId={userId} />
          <Divider />
          <SponsorApproval initiative={initiative} userId={userId} />
          <ApprovalHistory initiativeId={initiative.id} />
        </Box>
      </Box>
      {guard.dialog}
      <ErrorSnackbar message={error} onClose={() => setError(null)} />
    </CharterEditingContext.Provider>
  );
}
