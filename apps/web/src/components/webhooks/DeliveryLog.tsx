/**
 * One endpoint's delivery log: each event sent, its status and tries, the receiver's answer, when,
 * the next try, and "Send again" (the same webhook-id, so the receiver can tell it is a repeat).
 */
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_LABELS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/errorMessages';
import { useResendDelivery, useWebhookDeliveries } from '../../api/webhooks';
import { formatDateTime, timeAgo } from '../../lib/timeAgo';
import { BusyButton } from '../BusyButton';
import { ColumnHeads } from '../ColumnHeads';
import { RetryAlert } from '../RetryAlert';

const COLUMNS = [
  WEBHOOK_LABELS.columnEvent,
  WEBHOOK_LABELS.columnStatus,
  WEBHOOK_LABELS.columnAnswer,
  WEBHOOK_LABELS.columnTime,
  WEBHOOK_LABELS.columnNextTry,
  WEBHOOK_LABELS.columnActions,
];

export function eventLabel(type: string): string {
  if (type === WEBHOOK_TEST_EVENT) return WEBHOOK_LABELS.testEvent;
  return WEBHOOK_EVENT_LABELS[type as keyof typeof WEBHOOK_EVENT_LABELS] ?? type;
}

interface DeliveryLogProps {
  endpointId: number;
  /** The endpoint's name, for the table's. */
  name: string;
  onSucceeded: (text: string) => void;
  onFailed: (error: unknown, fallback: string) => void;
}

export function DeliveryLog({ endpointId, name, onSucceeded, onFailed }: DeliveryLogProps) {
  const log = useWebhookDeliveries(endpointId);
  const resend = useResendDelivery();
  if (!log.data) {
    if (!log.isError) {
      return (
        <Skeleton variant="rounded" height={120} role="progressbar" aria-label={WEBHOOK_LABELS.logLoading} />
      );
    }
    return (
      <RetryAlert
        message={errorMessage(log.error, WEBHOOK_LABELS.logFetchFailed)}
        onRetry={() => void log.refetch()}
      />
    );
  }
  const deliveries = log.data.pages.flatMap((page) => page.deliveries);
  if (deliveries.length === 0) {
    return <Typography color="textSecondary">{WEBHOOK_LABELS.logEmpty}</Typography>;
  }
  const sendAgain = (delivery: WebhookDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: onSucceeded,
      onError: (error) => onFailed(error, WEBHOOK_LABELS.resendFailed),
    });
  return (
    <Box>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={WEBHOOK_LABELS.logTable(name)}>
          <ColumnHeads columns={COLUMNS} />
          <TableBody>
            {deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                sending={resend.isPending && resend.variables === delivery.id}
                onSendAgain={() => sendAgain(delivery)}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {log.isFetchNextPageError && (
        <RetryAlert
          message={errorMessage(log.error, WEBHOOK_LABELS.logFetchFailed)}
          onRetry={() => void log.fetchNextPage()}
          sx={{ mt: 1 }}
        />
      )}
      {log.hasNextPage && (
        <BusyButton
          variant="outlined"
          sx={{ mt: 1 }}
          busy={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {WEBHOOK_LABELS.showOlder}
        </BusyButton>
      )}
    </Box>
  );
}

interface DeliveryRowProps {
  delivery: WebhookDelivery;
  sending: boolean;
  onSendAgain: () => void;
}

function DeliveryRow({ delivery, sending, onSendAgain }: DeliveryRowProps) {
  const at = delivery.last_attempt_at ?? delivery.created_at;
  const event = eventLabel(delivery.event_type);
  return (
    <TableRow>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        {event}
        <Typography variant="body2" color="textSecondary" component="div" sx={{ fontFamily: 'monospace' }}>
          {delivery.message_id}
        </Typography>
      </TableCell>
      <TableCell>
        {WEBHOOK_DELIVERY_STATUS_LABELS[delivery.status]}
        <Typography variant="body2" color="textSecondary" component="div">
          {WEBHOOK_LABELS.tries(delivery.attempts)}
        </Typography>
        {delivery.status !== 'delivered' && delivery.last_error && (
          <Typography variant="body2" color="error" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {delivery.last_error}
          </Typography>
        )}
      </TableCell>
      <TableCell>{delivery.last_status_code ?? WEBHOOK_LABELS.noAnswer}</TableCell>
      <TableCell>
        {delivery.attempts === 0 ? (
          WEBHOOK_LABELS.notYet
        ) : (
          <span title={formatDateTime(at)}>{timeAgo(at)}</span>
        )}
      </TableCell>
      <TableCell>
        {delivery.next_attempt_at ? formatDateTime(delivery.next_attempt_at) : WEBHOOK_LABELS.noNextTry}
      </TableCell>
      <TableCell>
        {delivery.status !== 'pending' && (
          <BusyButton
            size="small"
            variant="outlined"
            busy={sending}
            onClick={onSendAgain}
            aria-label={WEBHOOK_LABELS.resendButton(event, formatDateTime(delivery.created_at))}
          >
            {WEBHOOK_LABELS.resend}
          </BusyButton>
        )}
      </TableCell>
    </TableRow>
  );
}
