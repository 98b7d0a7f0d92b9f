/**
 * What the numbers suggest, in words ("Suggested: Off track") with an icon, and the mark shown
 * when the owner's status disagrees with them (DESIGN §10: a suggestion beside the owner's status,
 * never replacing it). The words carry the meaning; the colours only repeat it.
 */
import { disagrees, type InitiativeStatus, MEASURE_TEXT, type Suggestion } from '@keystone/contract';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import SyncProblem from '@mui/icons-material/SyncProblem';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Text colours above 4.5:1 on white. */
const LOOK = {
  on_track: { color: '#1e6b33', Icon: CheckCircleOutlined },
  behind: { color: '#8a4b00', Icon: ReportProblemOutlined },
  off_track: { color: '#b3261e', Icon: HighlightOff },
} as const;

export function SuggestionText({ suggestion }: { suggestion: Suggestion }) {
  const { color, Icon } = LOOK[suggestion];
  return (
    <Box component="span" data-testid="suggestion" sx={{ color, whiteSpace: 'nowrap', fontWeight: 600 }}>
      <Icon aria-hidden sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.25 }} />
      {MEASURE_TEXT.suggested(suggestion)}
    </Box>
  );
}

interface StatusSuggestionProps {
  /** The owner's status at the due date on display. */
  status: InitiativeStatus;
  /** The worst suggestion of the initiative's measures then; null when none has a value. */
  suggestion: Suggestion | null;
}

/** Under an initiative's status: the numbers' suggestion and, when they disagree, the mark. */
export function StatusSuggestion({ status, suggestion }: StatusSuggestionProps) {
  if (suggestion === null) return null;
  return (
    <Box sx={{ mt: 0.75, display: 'grid', gap: 0.5, typography: 'body2' }}>
      <span>
        <SuggestionText suggestion={suggestion} />
      </span>
      {disagrees(status, suggestion) && (
        <Typography
          variant="body2"
          data-testid="status-mismatch"
          sx={{ color: '#8a4b00', fontWeight: 600, display: 'flex', alignItems: 'center', gap: 0.5 }}
        >
          <SyncProblem aria-hidden sx={{ fontSize: 16 }} />
          {MEASURE_TEXT.mismatch}
        </Typography>
      )}
    </Box>
  );
}
