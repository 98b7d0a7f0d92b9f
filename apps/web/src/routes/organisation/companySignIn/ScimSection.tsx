/**
 * /organisation, "SCIM provisioning" (issue 31): the base URL to give the identity provider, its
 * bearer tokens (created with a name and shown once, listed with their last use, revoked after
 * asking).
 */
import {
  type CreateScimTokenResponse,
  createScimTokenRequest,
  ORGANISATION_LABELS,
  SCIM_LABELS,
  type ScimToken,
  SSO_MESSAGES,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { errorMessage } from '../../../api/errorMessages';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../../../api/scim';
import { BusyButton } from '../../../components/BusyButton';
import { ColumnHeads } from '../../../components/ColumnHeads';
import { CopyableValue } from '../../../components/CopyableValue';
import { OutcomeAlert, useOutcome } from '../../../components/outcome';
import { RetryAlert } from '../../../components/RetryAlert';
import { ShownOnce } from '../../../components/ShownOnce';
import { LastUsed, useTokenRevoke } from '../../../components/tokenRevoke';
import { announce } from '../../../lib/announcer';
import { formatDateTime, timeAgo } from '../../../lib/timeAgo';

const COLUMNS = [
  SCIM_LABELS.columnName,
  SCIM_LABELS.columnCreated,
  SCIM_LABELS.columnLastUsed,
  ORGANISATION_LABELS.columnActions,
];

export function ScimSection() {
  const tokens = useScimTokens();
  const outcome = useOutcome();
  const [created, setCreated] = useState<CreateScimTokenResponse | null>(null);
  if (tokens.isPending) {
    return (
      <Skeleton variant="rounded" height={160} role="progressbar" aria-label="Loading the SCIM tokens" />
    );
  }
  if (tokens.isError) {
    return (
      <RetryAlert
        message={errorMessage(tokens.error, SCIM_LABELS.fetchFailed)}
        onRetry={() => void tokens.refetch()}
      />
    );
  }
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1, maxWidth: 720 }}>
        {SCIM_LABELS.intro}
      </Typography>
      <CopyableValue
        label={SCIM_LABELS.baseUrl}
        value={tokens.data.base_url}
        copyLabel={SCIM_LABELS.copyBaseUrl}
      />
      <OutcomeAlert outcome={outcome.outcome} onClose={outcome.clear} />
      {created && (
        <ShownOnce
          label={SCIM_LABELS.newToken}
          value={created.token}
          copyLabel={SCIM_LABELS.copyToken}
          doneLabel={SCIM_LABELS.tokenSaved}
          detail={created.detail || SSO_MESSAGES.scimTokenCreated}
          onDone={() => setCreated(null)}
        />
      )}
      <TokenList tokens={tokens.data.tokens} outcome={outcome} />
      <CreateTokenForm onCreated={setCreated} outcome={outcome} />
    </Box>
  );
}

interface TokenListProps {
  tokens: readonly ScimToken[];
  outcome: ReturnType<typeof useOutcome>;
}

function TokenList({ tokens, outcome }: TokenListProps) {
  const revoke = useTokenRevoke<ScimToken>(useRevokeScimToken(), SCIM_LABELS, outcome);
  if (tokens.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ my: 2 }}>
        {SCIM_LABELS.noTokens}
      </Typography>
    );
  }
  return (
    <>
      <TableContainer component={Paper} variant="outlined" sx={{ my: 2 }}>
        <Table size="small" aria-label={SCIM_LABELS.tokensTable}>
          <ColumnHeads columns={COLUMNS} />
          <TableBody>
            {tokens.map((token) => (
              <TableRow key={token.id} hover>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{token.name}</TableCell>
                <TableCell>
                  <span title={formatDateTime(token.created_at)}>{timeAgo(token.created_at)}</span>
                  {token.created_by && (
                    <Typography variant="body2" color="textSecondary">
                      {token.created_by.name ?? token.created_by.email}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <LastUsed at={token.last_used_at} words={SCIM_LABELS} />
                </TableCell>
                <TableCell>{revoke.button(token)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {revoke.dialog}
    </>
  );
}

interface CreateTokenFormProps {
  onCreated: (created: CreateScimTokenResponse) => void;
  outcome: ReturnType<typeof useOutcome>;
}

function CreateTokenForm({ onCreated, outcome }: CreateTokenFormProps) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateScimToken();
  const field = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    const parsed = createScimTokenRequest.safeParse({ name });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? SSO_MESSAGES.scimTokenNameRequired);
      field.current?.focus();
      return;
    }
    create.mutate(parsed.data.name, {
      onSuccess: (answer) => {
        setName('');
        onCreated(answer);
        announce(answer.detail || SSO_MESSAGES.scimTokenCreated);
      },
      onError: (error) => {
        const fieldError = error instanceof ApiError ? error.fieldErrors.name?.[0] : undefined;
        if (fieldError) {
          setProblem(fieldError);
          field.current?.focus();
        } else outcome.failed(error, SCIM_LABELS.createFailed);
      },
    });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={SCIM_LABELS.create}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        inputRef={field}
        label={SCIM_LABELS.tokenName}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(null);
        }}
        error={problem !== null}
        helperText={problem ?? SCIM_LABELS.tokenNameHelp}
        slotProps={{ htmlInput: { maxLength: 80, autoComplete: 'off' } }}
        sx={{ flex: '1 1 240px', maxWidth: 440 }}
      />
      <BusyButton type="submit" variant="contained" busy={create.isPending} sx={{ mt: 1 }}>
        {SCIM_LABELS.create}
      </BusyButton>
    </Box>
  );
}
