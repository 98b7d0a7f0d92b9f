/** The organisation's security log, newest first: filtered by person and kind, paged with "Show older". */
import {
  describeUserAgent,
  displayName,
  type Member,
  ORGANISATION_LABELS,
  ORGANISATION_MESSAGES,
  plainText,
  SECURITY_EVENT_LABELS,
  type SecurityLogEntry,
  SIGN_IN_METHOD_LABELS,
  STRATEGY_MESSAGES,
  type UserSummary,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { type SecurityLogFilter, useMembers, useSecurityLog } from '../../api/organisation';
import { ColumnHeads } from '../../components/ColumnHeads';
import { RetryAlert } from '../../components/RetryAlert';
import { formatDateTime } from '../../lib/timeAgo';
import { SecurityLogFilters } from './SecurityLogFilters';

const COLUMNS = [
  ORGANISATION_LABELS.columnWhen,
  ORGANISATION_LABELS.columnKind,
  ORGANISATION_LABELS.columnPerson,
  ORGANISATION_LABELS.columnActor,
  ORGANISATION_LABELS.columnMethod,
  ORGANISATION_LABELS.columnAddress,
  ORGANISATION_LABELS.columnBrowser,
];

const personText = (person: UserSummary | null) => (person ? displayName(person) : '');

/** The strategy a change of its masters was about, under the event's name. */
function StrategyOfEvent({ detail }: { detail: SecurityLogEntry['detail'] }) {
  if (typeof detail.strategy_id !== 'number') return null;
  const title = typeof detail.strategy_title === 'string' ? plainText(detail.strategy_title).trim() : '';
  return (
    <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
      {title || STRATEGY_MESSAGES.untitledStrategy}
    </Typography>
  );
}

/** A failed sign-in with an unknown address has no person; the address tried is in its detail. */
function subject(entry: SecurityLogEntry): string {
  if (entry.user) return personText(entry.user);
  return typeof entry.detail.email === 'string' ? entry.detail.email : '—';
}

export function SecurityLog() {
  const [filter, setFilter] = useState<SecurityLogFilter>({ user: null, kind: null });
  const members = useMembers();
  const log = useSecurityLog(filter);
  const people: Member[] = members.data ?? [];
  const entries = log.data?.pages.flatMap((page) => page.results) ?? [];
  const filtered = filter.user !== null || filter.kind !== null;

  return (
    <Box>
      <SecurityLogFilters filter={filter} people={people} onChange={setFilter} />
      {log.isPending && (
        <Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading the security log" />
      )}
      {log.isSuccess && entries.length === 0 && (
        <Typography color="textSecondary">
          {filtered ? ORGANISATION_LABELS.noMatchingEvents : ORGANISATION_LABELS.noSecurityEvents}
        </Typography>
      )}
      {entries.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={ORGANISATION_LABELS.securityLogTable}>
            <ColumnHeads columns={COLUMNS} />
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
                  <TableCell>
                    {SECURITY_EVENT_LABELS[entry.kind]}
                    <StrategyOfEvent detail={entry.detail} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{subject(entry)}</TableCell>
                  <TableCell>{personText(entry.actor)}</TableCell>
                  <TableCell>{entry.method ? SIGN_IN_METHOD_LABELS[entry.method] : ''}</TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{entry.ip}</TableCell>
                  <TableCell title={entry.user_agent}>
                    {entry.user_agent ? describeUserAgent(entry.user_agent) : ''}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {log.hasNextPage && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Button variant="outlined" disabled={log.isFetchingNextPage} onClick={() => log.fetchNextPage()}>
            {ORGANISATION_LABELS.showOlder}
          </Button>
          {log.isFetchingNextPage && <CircularProgress size={22} aria-label="Loading older entries" />}
        </Box>
      )}
      {/* The first page's failure, or an older page's (the entries shown so far stay). */}
      {log.isError && (
        <RetryAlert
          message={errorMessage(log.error, ORGANISATION_MESSAGES.fetchSecurityLogFailed)}
          onRetry={() => void (log.isFetchNextPageError ? log.fetchNextPage() : log.refetch())}
          sx={{ mt: 2 }}
        />
      )}
    </Box>
  );
}
