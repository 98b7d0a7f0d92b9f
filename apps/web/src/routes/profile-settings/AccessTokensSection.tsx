/**
 * Profile settings, "Access tokens" (issue 32): create a personal access token (name, access,
 * expiry), shown once with a copy button and a warning; my tokens listed with their access,
 * hint, expiry and last use, each revoked after asking. Loaded only when the page shows it.
 */
import {
  ACCESS_TOKEN_EXPIRY_CHOICES,
  ACCESS_TOKEN_LABELS,
  ACCESS_TOKEN_MESSAGES,
  type AccessToken,
  type CreateAccessTokenResponse,
  createAccessTokenRequest,
  TOKEN_SCOPES,
  type TokenScope,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useCreateAccessToken, useMyAccessTokens, useRevokeAccessToken } from '../../api/accessTokens';
import { ApiError } from '../../api/client';
import { errorMessage } from '../../api/errorMessages';
import { BusyButton } from '../../components/BusyButton';
import { ColumnHeads } from '../../components/ColumnHeads';
import { OutcomeAlert, useOutcome } from '../../components/outcome';
import { RetryAlert } from '../../components/RetryAlert';
import { ShownOnce } from '../../components/ShownOnce';
import { LastUsed, useTokenRevoke } from '../../components/tokenRevoke';
import { announce } from '../../lib/announcer';
import { formatDateTime } from '../../lib/timeAgo';

const COLUMNS = [
  ACCESS_TOKEN_LABELS.columnName,
  ACCESS_TOKEN_LABELS.columnScope,
  ACCESS_TOKEN_LABELS.columnToken,
  ACCESS_TOKEN_LABELS.columnExpires,
  ACCESS_TOKEN_LABELS.columnLastUsed,
  ACCESS_TOKEN_LABELS.columnActions,
];

export function AccessTokensSection() {
  const tokens = useMyAccessTokens();
  const outcome = useOutcome();
  const [created, setCreated] = useState<CreateAccessTokenResponse | null>(null);
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
        {ACCESS_TOKEN_LABELS.intro}
      </Typography>
      <OutcomeAlert outcome={outcome.outcome} onClose={outcome.clear} />
      {created && (
        <ShownOnce
          label={ACCESS_TOKEN_LABELS.newToken}
          value={created.token}
          copyLabel={ACCESS_TOKEN_LABELS.copyToken}
          doneLabel={ACCESS_TOKEN_LABELS.tokenSaved}
          detail={created.detail || ACCESS_TOKEN_MESSAGES.created}
          onDone={() => setCreated(null)}
        />
      )}
      <TokenList tokens={tokens.data} outcome={outcome} />
      <CreateTokenForm onCreated={setCreated} outcome={outcome} />
    </Box>
  );
}

/** When a token ends, or that it has: a script that stopped working shows why here. */
function Expiry({ expiresAt }: { expiresAt: string }) {
  const expired = Date.parse(expiresAt) <= Date.now();
  return (
    <span title={formatDateTime(expiresAt)}>
      {expired ? ACCESS_TOKEN_LABELS.expired : formatDateTime(expiresAt)}
    </span>
  );
}

interface TokenListProps {
  tokens: readonly AccessToken[];
  outcome: ReturnType<typeof useOutcome>;
}

function TokenList({ tokens, outcome }: TokenListProps) {
  const revoke = useTokenRevoke<AccessToken>(useRevokeAccessToken(), ACCESS_TOKEN_LABELS, outcome);
  if (tokens.length === 0) {
    return (
      <Typography color="textSecondary" sx={{ my: 2 }}>
        {ACCESS_TOKEN_LABELS.noTokens}
      </Typography>
    );
  }
  return (
    <>
      <TableContainer component={Paper} variant="outlined" sx={{ my: 2 }}>
        <Table size="small" aria-label={ACCESS_TOKEN_LABELS.tokensTable}>
          <ColumnHeads columns={COLUMNS} />
          <TableBody>
            {tokens.map((token) => (
              <TableRow key={token.id} hover>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{token.name}</TableCell>
                <TableCell>{ACCESS_TOKEN_LABELS.scopeLabels[token.scope]}</TableCell>
                <TableCell>
                  <code>{token.hint}…</code>
                </TableCell>
                <TableCell>
                  <Expiry expiresAt={token.expires_at} />
                </TableCell>
                <TableCell>
                  <LastUsed at={token.last_used_at} words={ACCESS_TOKEN_LABELS} />
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
  onCreated: (created: CreateAccessTokenResponse) => void;
  outcome: ReturnType<typeof useOutcome>;
}

function CreateTokenForm({ onCreated, outcome }: CreateTokenFormProps) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [days, setDays] = useState<number>(ACCESS_TOKEN_EXPIRY_CHOICES[1]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateAccessToken();
  const field = useRef<HTMLInputElement>(null);
  const scopeLabel = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    outcome.clear();
    const parsed = createAccessTokenRequest.safeParse({ name, scope, expires_in_days: days });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? ACCESS_TOKEN_MESSAGES.nameRequired);
      field.current?.focus();
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (answer) => {
        setName('');
        onCreated(answer);
        announce(answer.detail || ACCESS_TOKEN_MESSAGES.created);
      },
      onError: (error) => {
        const fieldError = error instanceof ApiError ? error.fieldErrors.name?.[0] : undefined;
        if (fieldError) {
          setProblem(fieldError);
          field.current?.focus();
        } else outcome.failed(error, ACCESS_TOKEN_LABELS.createFailed);
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={ACCESS_TOKEN_LABELS.create}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          inputRef={field}
          label={ACCESS_TOKEN_LABELS.tokenName}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ?? ACCESS_TOKEN_LABELS.tokenNameHelp}
          slotProps={{ htmlInput: { maxLength: 80, autoComplete: 'off' } }}
          sx={{ flex: '1 1 240px', maxWidth: 440 }}
        />
        <TextField
          select
          label={ACCESS_TOKEN_LABELS.expiryField}
          value={days}
          onChange={(event) => setDays(Number(event.target.value))}
          slotProps={{ select: { native: true } }}
          sx={{ flex: '0 1 180px' }}
        >
          {ACCESS_TOKEN_EXPIRY_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {ACCESS_TOKEN_LABELS.expiryChoice(choice)}
            </option>
          ))}
        </TextField>
      </Box>
      <FormControl component="fieldset" sx={{ my: 1, display: 'block' }}>
        <FormLabel component="legend" id={scopeLabel}>
          {ACCESS_TOKEN_LABELS.scopeField}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={scopeLabel}
          value={scope}
          onChange={(event) => setScope(event.target.value as TokenScope)}
        >
          {TOKEN_SCOPES.map((choice) => (
            <FormControlLabel
              key={choice}
              value={choice}
              control={<Radio size="small" />}
              label={ACCESS_TOKEN_LABELS.scopeLabels[choice]}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <BusyButton type="submit" variant="contained" busy={create.isPending}>
        {ACCESS_TOKEN_LABELS.create}
      </BusyButton>
    </Box>
  );
}
