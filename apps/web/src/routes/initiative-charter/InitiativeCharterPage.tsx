/**
 * /initiative-charter/:initiativeId (spec §2): loads the initiative (then its timelines and its
 * strategy). Without an id, or when the initiative cannot be read, the not-found page shows.
 */
import { PRODUCT_NAME, plainText, STRATEGY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { charterFailure, parseInitiativeId, useCharterQuery } from '../../api/charter';
import { ApiError } from '../../api/client';
import { rememberLastActiveStrategy, useSession } from '../../api/session';
import { NotFoundPage } from '../../components/NotFoundPage';
import { RetryAlert } from '../../components/RetryAlert';
import { SaveStatusProvider } from '../../lib/autosave/useAutosave';
import { CharterEditor } from './CharterEditor';

/**
 * An answer that says the initiative is not there for this user (missing, not visible, a bad id).
 * A network failure or a server error is not proof of that: the page offers to try again.
 */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function InitiativeCharterPage() {
  const params = useParams();
  const initiativeId = parseInitiativeId(params.initiativeId);
  const session = useSession();
  const charter = useCharterQuery(initiativeId);
  const strategyId = charter.data?.strategyId;

  // The header's Strategy and Progress links lead to this charter's strategy.
  useEffect(() => {
    if (strategyId !== undefined) rememberLastActiveStrategy(strategyId);
  }, [strategyId]);

  if (initiativeId === null || isMissing(charter.error)) return <NotFoundPage />;
  if (charter.isPending) return <LinearProgress aria-label="Loading initiative charter" />;
  if (!charter.data) {
    return (
      <Box sx={{ p: 4, maxWidth: 720, mx: 'auto' }}>
        <RetryAlert
          message={charterFailure('fetchInitiative', charter.error)}
          onRetry={() => void charter.refetch()}
        />
      </Box>
    );
  }
  const title = plainText(charter.data.title).trim() || STRATEGY_MESSAGES.nameYourInitiative;
  return (
    <SaveStatusProvider key={charter.data.id}>
      <title>{`${title} · Charter · ${PRODUCT_NAME}`}</title>
      <CharterEditor initiative={charter.data} userId={session?.id ?? 0} />
    </SaveStatusProvider>
  );
}
