/**
 * One endpoint in its section: what it is, whether it is on (or failing, and since when), its
 * events, and its actions: edit, switch off/on, send a test event, rotate the secret (signed ones),
 * delete, and its delivery log.
 */
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_LABELS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookEndpoint,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendTestEvent,
  useUpdateWebhook,
} from '../../api/webhooks';
import { formatDateTime, timeAgo } from '../../lib/timeAgo';
import { BusyButton } from '../BusyButton';
import { ConfirmDialog } from '../ConfirmDialog';
import { DeliveryLog } from './DeliveryLog';

/** What the section shows and says for an endpoint's actions. */
export interface EndpointActions {
  onEdit: () => void;
  /** Deleted: the card is gone, and with it the focus. */
  onRemoved: (detail: string) => void;
  onSecret: (secret: string, detail: string) => void;
  onSucceeded: (text: string) => void;
  onFailed: (error: unknown, fallback: string) => void;
}

export const endpointName = (endpoint: WebhookEndpoint) => endpoint.description || endpoint.url;

function StateChip({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (!endpoint.enabled) {
    const label = endpoint.disabled_reason === 'failing' ? WEBHOOK_LABELS.offFailing : WEBHOOK_LABELS.off;
    return (
      <Chip size="small" label={label} color={endpoint.disabled_reason === 'failing' ? 'error' : 'default'} />
    );
  }
  return <Chip size="small" label={WEBHOOK_LABELS.on} color="success" variant="outlined" />;
}

interface WebhookEndpointCardProps {
  endpoint: WebhookEndpoint;
  actions: EndpointActions;
  /** Back from its edit form: the keyboard goes on at its Edit button. */
  focusEdit: boolean;
}

export function WebhookEndpointCard({ endpoint, actions, focusEdit }: WebhookEndpointCardProps) {
  const name = endpointName(endpoint);
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);
  const [logOpen, setLogOpen] = useState(false);
  const [confirming, setConfirming] = useState<'remove' | 'rotate' | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const logId = `webhook-log-${endpoint.id}`;

  const switchOnOff = () =>
    update.mutate(
      { id: endpoint.id, change: { enabled: !endpoint.enabled } },
      {
        onSuccess: () =>
          actions.onSucceeded(endpoint.enabled ? WEBHOOK_MESSAGES.disabled : WEBHOOK_MESSAGES.enabled),
        onError: (error) => actions.onFailed(error, WEBHOOK_LABELS.switchFailed),
      },
    );
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (detail) => {
        actions.onSucceeded(detail);
        setLogOpen(true);
      },
      onError: (error) => actions.onFailed(error, WEBHOOK_LABELS.testFailed),
    });
  const confirm = () => {
    if (confirming === 'remove') {
      remove.mutate(endpoint.id, {
        onSuccess: actions.onRemoved,
        onError: (error) => actions.onFailed(error, WEBHOOK_LABELS.removeFailed),
        onSettled: () => setConfirming(null),
      });
      return;
    }
    rotate.mutate(endpoint.id, {
      onSuccess: (answer) => actions.onSecret(answer.secret, answer.detail),
      onError: (error) => actions.onFailed(error, WEBHOOK_LABELS.rotateFailed),
      onSettled: () => setConfirming(null),
    });
  };

  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, mb: 2, listStyle: 'none', minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h3" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {name}
        </Typography>
        <StateChip endpoint={endpoint} />
      </Box>
      <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
        {WEBHOOK_KIND_LABELS[endpoint.kind]}
        {endpoint.description && ` · ${endpoint.url}`}
      </Typography>
      {endpoint.failing_since && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5 }}>
          <span title={formatDateTime(endpoint.failing_since)}>
            {WEBHOOK_LABELS.failingSince(formatDateTime(endpoint.failing_since))}
          </span>
        </Typography>
      )}
      {endpoint.previous_secret_until && (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {WEBHOOK_LABELS.previousSecretUntil(formatDateTime(endpoint.previous_secret_until))}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {WEBHOOK_LABELS.eventsSummary}:{' '}
        {endpoint.events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
        {endpoint.created_by
          ? WEBHOOK_LABELS.addedBy(
              endpoint.created_by.name ?? endpoint.created_by.email,
              timeAgo(endpoint.created_at),
            )
          : WEBHOOK_LABELS.addedWhen(timeAgo(endpoint.created_at))}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        <Button
          ref={editButton}
          size="small"
          variant="outlined"
          onClick={actions.onEdit}
          aria-label={WEBHOOK_LABELS.editButton(name)}
        >
          {WEBHOOK_LABELS.edit}
        </Button>
        <BusyButton
          size="small"
          variant="outlined"
          busy={update.isPending}
          onClick={switchOnOff}
          aria-label={(endpoint.enabled ? WEBHOOK_LABELS.switchOffButton : WEBHOOK_LABELS.switchOnButton)(
            name,
          )}
        >
          {endpoint.enabled ? WEBHOOK_LABELS.switchOff : WEBHOOK_LABELS.switchOn}
        </BusyButton>
        <BusyButton
          size="small"
          variant="outlined"
          busy={test.isPending}
          onClick={sendTest}
          aria-label={WEBHOOK_LABELS.testButton(name)}
        >
          {WEBHOOK_LABELS.test}
        </BusyButton>
        {endpoint.kind === 'standard' && (
          <Button
            size="small"
            variant="outlined"
            onClick={() => setConfirming('rotate')}
            aria-label={WEBHOOK_LABELS.rotateButton(name)}
          >
            {WEBHOOK_LABELS.rotate}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
          onClick={() => setLogOpen((open) => !open)}
          aria-label={WEBHOOK_LABELS.showLogButton(name)}
        >
          {WEBHOOK_LABELS.showLog}
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => setConfirming('remove')}
          aria-label={WEBHOOK_LABELS.removeButton(name)}
        >
          {WEBHOOK_LABELS.remove}
        </Button>
      </Box>
      {logOpen && (
        <Box id={logId} sx={{ mt: 2 }}>
          <DeliveryLog
            endpointId={endpoint.id}
            name={name}
            onSucceeded={actions.onSucceeded}
            onFailed={actions.onFailed}
          />
        </Box>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming === 'rotate'
            ? WEBHOOK_LABELS.confirmRotateTitle(name)
            : WEBHOOK_LABELS.confirmRemoveTitle(name)
        }
        message={
          confirming === 'rotate'
            ? WEBHOOK_LABELS.confirmRotateMessage(WEBHOOK_SECRET_OVERLAP_HOURS)
            : WEBHOOK_LABELS.confirmRemoveMessage
        }
        confirmLabel={confirming === 'rotate' ? WEBHOOK_LABELS.rotate : WEBHOOK_LABELS.remove}
        pending={remove.isPending || rotate.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </Paper>
  );
}
