/** Invitations not accepted yet: when each was last sent, and resending or revoking it. */
import { MESSAGES, ORGANISATION_LABELS, ORGANISATION_MESSAGES } from '@keystone/contract';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { type Invite, useInvites, useResendInvite, useRevokeInvite } from '../../api/invites';
import { BreakableEmail } from '../../components/BreakableEmail';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OutcomeAlert, useOutcome } from '../../components/outcome';
import { RetryAlert } from '../../components/RetryAlert';
import { formatDateTime, timeAgo } from '../../lib/timeAgo';

export function PendingInvites() {
  const invites = useInvites();
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const [revoking, setRevoking] = useState<Invite | null>(null);

  if (invites.isPending)
    return <Skeleton variant="rounded" height={80} role="progressbar" aria-label="Loading the invitations" />;
  if (invites.isError)
    return <RetryAlert message={MESSAGES.getInvitesFailed} onRetry={() => void invites.refetch()} />;

  const pending = invites.data.filter((invite) => !invite.isAccepted);
  const busy = resend.isPending || revoke.isPending;
  const report = {
    onSuccess: succeeded,
    // A resend too soon answers 409 with how long to wait: shown as the server said it.
    onError: (error: unknown) => failed(error, ORGANISATION_MESSAGES.inviteActionFailed),
  };

  return (
    <>
      <OutcomeAlert outcome={outcome} onClose={clear} />
      {pending.length === 0 ? (
        <Typography color="textSecondary">{ORGANISATION_LABELS.noPendingInvites}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ mt: 1 }}>
          <Table size="small" aria-label={ORGANISATION_LABELS.invitationsTable}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{ORGANISATION_LABELS.columnEmail}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{ORGANISATION_LABELS.columnSent}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{ORGANISATION_LABELS.columnActions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {pending.map((invite) => (
                <TableRow key={invite.id} hover>
                  <TableCell>
                    <BreakableEmail email={invite.email} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <span title={formatDateTime(invite.lastSentAt)}>{timeAgo(invite.lastSentAt)}</span>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      disabled={busy}
                      onClick={() => resend.mutate(invite.id, report)}
                      aria-label={ORGANISATION_LABELS.resendButton(invite.email)}
                    >
                      {ORGANISATION_LABELS.resend}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      onClick={() => setRevoking(invite)}
                      aria-label={ORGANISATION_LABELS.revokeButton(invite.email)}
                    >
                      {ORGANISATION_LABELS.revoke}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={ORGANISATION_LABELS.confirmRevokeTitle}
        message={ORGANISATION_LABELS.confirmRevokeMessage(revoking?.email ?? '')}
        confirmLabel={ORGANISATION_LABELS.revoke}
        pending={revoke.isPending}
        onConfirm={() =>
          revoking && revoke.mutate(revoking.id, { ...report, onSettled: () => setRevoking(null) })
        }
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
