/**
 * Sponsor approval (spec §4, §6): the owner asks by e-mail, a sponsor or master ticks the box.
 * A spinner shows and the box is disabled while a call and the reload after it run; a failure's
 * message shows by the button for TIMINGS.sponsorErrorMs.
 */
import { canApproveInitiative, canRequestApproval, TIMINGS } from '@keystone/contract';
import MailOutlined from '@mui/icons-material/MailOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type CharterInitiative, charterFailure, useApprovalCalls } from '../../api/charter';
import { useTimedMessage } from '../../components/useTimedMessage';
import { approvalView } from './approvalState';
import { CharterSection } from './CharterSection';
import { PRINT_HIDDEN, PRINT_ONLY } from './printStyles';

interface SponsorApprovalProps {
  initiative: CharterInitiative;
  userId: number;
}

export function SponsorApproval({ initiative, userId }: SponsorApprovalProps) {
  const { request, toggle } = useApprovalCalls(initiative.id);
  const [error, setError] = useTimedMessage(TIMINGS.sponsorErrorMs);
  const pending = request.isPending || toggle.isPending;
  const view = approvalView({
    approved: initiative.sponsorApproval,
    requested: initiative.sponsorApprovalRequested,
    approvedBy: initiative.sponsorApprovalUser,
    approvedAt: initiative.sponsorApprovalAt,
    canRequest: canRequestApproval(userId, initiative.strategyRoles, initiative.roles),
    canApprove: canApproveInitiative(userId, initiative.strategyRoles, initiative.roles),
    pending,
  });

  const sendRequest = () => {
    setError(null);
    request.mutate(undefined, {
      onError: (failure) => setError({ severity: 'error', text: charterFailure('requestApproval', failure) }),
    });
  };
  const changeApproval = () => {
    setError(null);
    toggle.mutate(undefined, {
      onError: (failure) => setError({ severity: 'error', text: charterFailure('changeApproval', failure) }),
    });
  };

  return (
    <CharterSection id="sponsor-approval" title="Sponsor approval" help="sponsorApproval">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 40 }}>
          <Tooltip title={view.approveTooltip} describeChild>
            <FormControlLabel
              // On paper the approval reads as a sentence; an unticked box says so in words.
              {...(view.checked ? {} : PRINT_HIDDEN)}
              control={
                <Checkbox
                  {...PRINT_HIDDEN}
                  checked={view.checked}
                  onChange={changeApproval}
                  disabled={view.checkboxDisabled}
                />
              }
              label={view.approvedText ?? 'Approve the charter'}
              sx={{ mr: 0, '& .MuiFormControlLabel-label.Mui-disabled': { color: 'text.primary' } }}
            />
          </Tooltip>
          {!view.checked && (
            <Typography {...PRINT_ONLY} variant="body1">
              Not approved yet.
            </Typography>
          )}
          {view.checked && <VerifiedOutlined color="success" fontSize="small" aria-hidden />}
          {pending && <CircularProgress size={20} aria-label="Saving the approval" />}
        </Stack>
        <Stack
          {...PRINT_HIDDEN}
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}
        >
          {error && (
            <Typography role="alert" variant="body2" color="error">
              {error.text}
            </Typography>
          )}
          <Tooltip title={view.requestTooltip} describeChild>
            {/* A disabled button gets no pointer events; the wrapper still shows why. */}
            <Box component="span" sx={{ display: 'inline-flex' }} tabIndex={view.requestTooltip ? 0 : -1}>
              <Button
                variant={view.stage === 'notRequested' ? 'contained' : 'outlined'}
                startIcon={<MailOutlined />}
                disabled={view.requestDisabled}
                onClick={sendRequest}
              >
                {view.requestLabel}
              </Button>
            </Box>
          </Tooltip>
        </Stack>
      </Stack>
    </CharterSection>
  );
}
