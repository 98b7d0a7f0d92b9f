/**
 * /organisation, "Access tokens" (issue 32): every live personal access token of the members,
 * whose it is, its access and last use; an administrator revokes one after asking (it is on the
 * security log). Loaded only when the page shows it.
 */
import { ACCESS_TOKEN_LABELS, type OrganisationAccessToken } from '@keystone/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useOrganisationAccessTokens, useRevokeOrganisationAccessToken } from '../../api/accessTokens';
import { errorMessage } from '../../api/errorMessages';
import { ColumnHeads } from '../../components/ColumnHeads';
import { OutcomeAlert, useOutcome } from '../../components/outcome';
import { RetryAlert } from '../../components/RetryAlert';
import { LastUsed, useTokenRevoke } from '../../components/tokenRevoke';
import { formatDateTime } from '../../lib/timeAgo';

const COLUMNS = [
  ACCESS_TOKEN_LABELS.columnName,
  ACCESS_TOKEN_LABELS.columnOwner,
  ACCESS_TOKEN_LABELS.columnScope,
  ACCESS_TOKEN_LABELS.columnExpires,
  ACCESS_TOKEN_LABELS.columnLastUsed,
  ACCESS_TOKEN_LABELS.columnActions,
];

export function OrganisationAccessTokens() {
  const tokens = useOrganisationAccessTokens();
  const outcome = useOutcome();
  const revoke = useTokenRevoke<OrganisationAccessToken>(
    useRevokeOrganisationAccessToken(),
    ACCESS_TOKEN_LABELS,
    outcome,
  );
  if (tokens.isPending) {
    return (
      <Skeleton variant="rounded" height={160} role="progressbar" aria-label={ACCESS_TOKEN_LABELS.loading} />
    );
  }
  if (tokens.isError) {
    return (
      <RetryAlert
        message={errorMessage(tokens.error, ACCESS_TOKEN_LABELS.fetchFailed)}
        onRetry={() => void tokens.refetch()}
      />
    );
  }
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, maxWidth: 720 }}>
        {ACCESS_TOKEN_LABELS.organisationIntro}
      </Typography>
      <OutcomeAlert outcome={outcome.outcome} onClose={outcome.clear} />
      {tokens.data.length === 0 ? (
        <Typography color="textSecondary" sx={{ my: 2 }}>
          {ACCESS_TOKEN_LABELS.noOrganisationTokens}
        </Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined" sx={{ my: 2 }}>
          <Table size="small" aria-label={ACCESS_TOKEN_LABELS.organisationTable}>
            <ColumnHeads columns={COLUMNS} />
            <TableBody>
              {tokens.data.map((token) => (
                <TableRow key={token.id} hover>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {token.name}
                    <Typography variant="body2" color="textSecondary" component="div">
                      <code>{token.hint}…</code>
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {token.owner.name ?? token.owner.email}
                  </TableCell>
                  <TableCell>{ACCESS_TOKEN_LABELS.scopeLabels[token.scope]}</TableCell>
                  <TableCell>{formatDateTime(token.expires_at)}</TableCell>
                  <TableCell>
                    <LastUsed at={token.last_used_at} words={ACCESS_TOKEN_LABELS} />
                  </TableCell>
                  <TableCell>{revoke.button(token)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {revoke.dialog}
    </Box>
  );
}
