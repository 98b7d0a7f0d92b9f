/** Security: where the user is logged in, with a way to end any other session. */

import { describeUserAgent, SESSION_LAST_USE_PRECISION_MS, SESSION_MESSAGES } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { type SessionEntry, useEndOtherSessions, useEndSession, useSessions } from '../../api/sessions';
import { BusyButton } from '../../components/BusyButton';
import { RetryAlert } from '../../components/RetryAlert';
import { useTimedMessage } from '../../components/useTimedMessage';
import { formatDateTime } from '../../lib/timeAgo';

/**
 * What is true of a session's last use: the server writes it at most hourly, so a recent value
 * says only "within the last hour", and an older one is the hour it happened in, not the minute.
 */
function lastUse(session: SessionEntry, now: number): string {
  if (session.current) return 'in use now';
  const lastUsed = Date.parse(session.lastUsedAt);
  if (now - lastUsed < SESSION_LAST_USE_PRECISION_MS) return 'active within the last hour';
  return `last used around ${formatDateTime(session.lastUsedAt)}`;
}

export function SessionList() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [message, showMessage] = useTimedMessage();
  // Ending a session removes the button that did it: focus moves to the list, which stays, and
  // the outcome is announced (WCAG 2.4.3; the message itself goes after a few seconds).
  const list = useRef<HTMLUListElement>(null);

  if (sessions.isPending) return <CircularProgress size={24} aria-label="Loading your sessions" />;
  if (sessions.isError) {
    return (
      <RetryAlert message={SESSION_MESSAGES.fetchSessionsFailed} onRetry={() => void sessions.refetch()} />
    );
  }

  const report = {
    onSuccess: (text: string) => {
      list.current?.focus();
      showMessage({ severity: 'success', text });
    },
  };
  const failed = (error: unknown) =>
    showMessage({ severity: 'error', text: errorMessage(error, SESSION_MESSAGES.endSessionFailed) });
  const others = sessions.data.filter((session) => !session.current);
  const pending = endOne.isPending || endOthers.isPending;

  return (
    <Box sx={{ maxWidth: 640 }}>
      <List dense aria-label="Your sessions" ref={list} tabIndex={-1}>
        {sessions.data.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            busy={pending}
            onEnd={() => endOne.mutate(session.id, { ...report, onError: failed })}
          />
        ))}
      </List>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mt: 1, minHeight: 40 }}>
        {others.length > 0 ? (
          <BusyButton
            variant="outlined"
            color="error"
            busy={pending}
            onClick={() => endOthers.mutate(undefined, { ...report, onError: failed })}
          >
            Log out other sessions
          </BusyButton>
        ) : (
          <Typography color="textSecondary">{SESSION_MESSAGES.noOtherSessions}</Typography>
        )}
        {pending && <CircularProgress size={22} aria-label="Ending" />}
        {message && (
          <Alert
            severity={message.severity}
            sx={{ py: 0 }}
            role={message.severity === 'error' ? 'alert' : 'status'}
          >
            {message.text}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

interface SessionItemProps {
  session: SessionEntry;
  busy: boolean;
  onEnd: () => void;
}

function SessionItem({ session, busy, onEnd }: SessionItemProps) {
  const browser = describeUserAgent(session.userAgent);
  const details = [
    `Logged in ${formatDateTime(session.createdAt)}`,
    lastUse(session, Date.now()),
    ...(session.ip ? [`from ${session.ip}`] : []),
  ].join(' · ');
  return (
    <ListItem
      divider
      secondaryAction={
        session.current ? (
          <Chip label="This browser" color="primary" size="small" variant="outlined" />
        ) : (
          <BusyButton
            size="small"
            color="error"
            busy={busy}
            onClick={onEnd}
            aria-label={`End session: ${browser}, logged in ${formatDateTime(session.createdAt)}`}
          >
            End
          </BusyButton>
        )
      }
    >
      <ListItemText
        primary={browser}
        secondary={details}
        slotProps={{ primary: { sx: { pr: 12 } }, secondary: { sx: { pr: 12 } } }}
      />
    </ListItem>
  );
}
