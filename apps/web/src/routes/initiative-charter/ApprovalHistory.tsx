/**
 * The charter's approval history (issue 15): requested, approved, withdrawn by an edit (naming
 * the parts it changed), unapproved, each by whom and when, newest first. Read from the
 * initiative's activity; live updates and the approval calls read it again.
 */
import { CHARTER_MESSAGES, charterPartsInWords, HISTORY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type ApprovalHistoryStep, useApprovalHistory } from '../../api/approvalHistory';
import { errorMessage } from '../../api/errorMessages';
import { RetryAlert } from '../../components/RetryAlert';
import { formatMomentAndTime } from '../../lib/calendarDays';
import { personName } from '../../lib/personName';
import { CharterSection } from './CharterSection';
import { PRINT_HIDDEN } from './printStyles';

/** The sentence of one step: "Olga Owner changed Impact and Timeline, which withdrew the approval". */
export function stepText(step: ApprovalHistoryStep): string {
  const name = step.by ? personName(step.by) : HISTORY_MESSAGES.someoneElse;
  if (step.step === 'withdrawn') {
    return CHARTER_MESSAGES.approvalSteps.withdrawn(name, charterPartsInWords(step.fields));
  }
  return CHARTER_MESSAGES.approvalSteps[step.step](name);
}

export function ApprovalHistory({ initiativeId }: { initiativeId: number }) {
  const history = useApprovalHistory(initiativeId);
  const steps = history.data?.pages.flatMap((page) => page.steps) ?? [];

  return (
    // On paper the approval's sentence says enough.
    <Box {...PRINT_HIDDEN}>
      <CharterSection id="approval-history" title={CHARTER_MESSAGES.approvalHistory}>
        {history.isPending && (
          <Skeleton
            variant="rounded"
            height={48}
            role="progressbar"
            aria-label="Loading the approval history"
          />
        )}
        {history.isError && (
          <RetryAlert
            message={errorMessage(history.error, CHARTER_MESSAGES.loadApprovalHistoryFailed)}
            onRetry={() => void history.refetch()}
          />
        )}
        {history.isSuccess && steps.length === 0 && !history.hasNextPage && (
          <Typography variant="body2" color="textSecondary">
            {CHARTER_MESSAGES.noApprovalSteps}
          </Typography>
        )}
        {steps.length > 0 && (
          <List dense disablePadding aria-label={CHARTER_MESSAGES.approvalHistory}>
            {steps.map((step) => (
              <ListItem key={step.id} disableGutters>
                <ListItemText
                  primary={stepText(step)}
                  secondary={<time dateTime={step.at}>{formatMomentAndTime(step.at)}</time>}
                />
              </ListItem>
            ))}
          </List>
        )}
        {history.hasNextPage && (
          <Button
            size="small"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {HISTORY_MESSAGES.showOlder}
          </Button>
        )}
      </CharterSection>
    </Box>
  );
}
