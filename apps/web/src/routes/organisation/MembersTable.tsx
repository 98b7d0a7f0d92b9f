/**
 * Everyone in the organisation, with how they sign in (two-factor, single sign-on) and the
 * administrator's levers: administrator or not, break-glass access, and deactivate / reactivate. The server decides (last administrator, only strategy master, …) and
 * its refusal is shown above the table as it said it; the only-master refusal the page can foresee
 * is said in the dialog already.
 */
import {
  type Member,
  ORGANISATION_LABELS,
  ORGANISATION_MESSAGES,
  type UpdateMemberRequest,
} from '@keystone/contract';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { useMembers, useUpdateMember } from '../../api/organisation';
import { useSession } from '../../api/session';
import { ColumnHeads } from '../../components/ColumnHeads';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { OutcomeAlert, useOutcome } from '../../components/outcome';
import { RetryAlert } from '../../components/RetryAlert';
import { MemberRow, memberName } from './MemberRow';
import { strategiesOnlyMasteredBy } from './onlyMasters';

// The details under the name, and how someone signs in under their status, so the table fits a tablet (820 px).
const COLUMNS = [
  ORGANISATION_LABELS.columnName,
  ORGANISATION_LABELS.columnStatus,
  ORGANISATION_LABELS.columnStrategies,
  ORGANISATION_LABELS.columnActions,
];

export function MembersTable() {
  const members = useMembers();
  const update = useUpdateMember();
  const session = useSession();
  const { outcome, succeeded, failed, clear } = useOutcome();
  const [deactivating, setDeactivating] = useState<Member | null>(null);

  if (members.isPending) {
    return <Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading the members" />;
  }
  if (members.isError) {
    return (
      <RetryAlert
        message={errorMessage(members.error, ORGANISATION_MESSAGES.fetchMembersFailed)}
        onRetry={() => void members.refetch()}
      />
    );
  }

  const change = (member: Member, body: UpdateMemberRequest) =>
    update.mutate(
      { id: member.id, change: body },
      {
        onSuccess: (answer) => succeeded(answer.detail),
        onError: (error) => failed(error, ORGANISATION_MESSAGES.updateMemberFailed),
        onSettled: () => setDeactivating(null),
      },
    );

  return (
    <>
      <OutcomeAlert outcome={outcome} onClose={clear} />
      <TableContainer component={Paper} variant="outlined" sx={{ mt: 2 }}>
        {/* Narrower cell padding below the desktop width: the address's unbreakable first part
            sets the first column's width, and a tablet has little room to spare. */}
        <Table
          size="small"
          aria-label={ORGANISATION_LABELS.membersTable}
          sx={{ '& .MuiTableCell-root': { px: { xs: 1, md: 2 } } }}
        >
          <ColumnHeads columns={COLUMNS} />
          <TableBody>
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                isSelf={member.id === session?.id}
                disabled={update.isPending}
                onAdminChange={(isAdmin) => change(member, { is_admin: isAdmin })}
                onBreakGlassChange={(breakGlass) => change(member, { break_glass: breakGlass })}
                onDeactivate={() => setDeactivating(member)}
                onReactivate={() => change(member, { is_active: true })}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <DeactivateDialog
        member={deactivating}
        members={members.data}
        pending={update.isPending}
        onConfirm={() => deactivating && change(deactivating, { is_active: false })}
        onClose={() => setDeactivating(null)}
      />
    </>
  );
}

interface DeactivateDialogProps {
  member: Member | null;
  members: readonly Member[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a deactivation, or says first why it would be refused (the only master of a strategy). */
function DeactivateDialog({ member, members, pending, onConfirm, onClose }: DeactivateDialogProps) {
  const name = member ? memberName(member) : '';
  const onlyMasterOf = member ? strategiesOnlyMasteredBy(member, members) : [];
  const refused = onlyMasterOf.length > 0;
  return (
    <ConfirmDialog
      open={member !== null}
      title={
        refused
          ? ORGANISATION_LABELS.cannotDeactivateTitle(name)
          : ORGANISATION_LABELS.confirmDeactivateTitle(name)
      }
      message={
        refused
          ? ORGANISATION_MESSAGES.onlyMasterOf(name, onlyMasterOf)
          : ORGANISATION_LABELS.confirmDeactivateMessage(name)
      }
      confirmLabel={ORGANISATION_LABELS.deactivate}
      canConfirm={!refused}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
