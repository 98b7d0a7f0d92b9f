/**
 * The webhook endpoints of the organisation (/organisation, administrators) or of one strategy
 * (its settings, masters): listed with their actions, added with a form, and a new signing secret
 * shown once. Loaded apart from its page (React.lazy): no other page carries this code.
 */
import { WEBHOOK_LABELS, type WebhookKind } from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { errorMessage } from '../../api/errorMessages';
import { useWebhookEndpoints, type WebhookOwner } from '../../api/webhooks';
import { announce } from '../../lib/announcer';
import { OutcomeAlert, useOutcome } from '../outcome';
import { RetryAlert } from '../RetryAlert';
import { ShownOnce } from '../ShownOnce';
import { type EndpointActions, WebhookEndpointCard } from './WebhookEndpointCard';
import { WebhookForm } from './WebhookForm';

interface WebhooksSectionProps {
  owner: WebhookOwner;
  intro: string;
  /** The kinds that can be added here (the organisation's are signed webhooks only). */
  kinds: readonly WebhookKind[];
}

interface ShownSecret {
  secret: string;
  detail: string;
}

export function WebhooksSection({ owner, intro, kinds }: WebhooksSectionProps) {
  const endpoints = useWebhookEndpoints(owner);
  const outcome = useOutcome();
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [editedLast, setEditedLast] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  if (!endpoints.data) {
    if (!endpoints.isError) {
      return (
        <Skeleton variant="rounded" height={160} role="progressbar" aria-label={WEBHOOK_LABELS.loading} />
      );
    }
    return (
      <RetryAlert
        message={errorMessage(endpoints.error, WEBHOOK_LABELS.fetchFailed)}
        onRetry={() => void endpoints.refetch()}
      />
    );
  }

  // A form or card is gone: focus goes to the button that opened it (or the add button).
  const focusAddButton = () => setTimeout(() => addButton.current?.focus());
  const stopAdding = () => {
    setAdding(false);
    focusAddButton();
  };
  const stopEditing = (id: number) => {
    setEditing(null);
    setEditedLast(id);
  };
  const actionsOf = (id: number): EndpointActions => ({
    onEdit: () => {
      outcome.clear();
      setEditing(id);
      setEditedLast(null);
    },
    onRemoved: (detail) => {
      outcome.succeeded(detail);
      focusAddButton();
    },
    onSecret: (value, detail) => {
      setSecret({ secret: value, detail });
      announce(detail);
    },
    onSucceeded: outcome.succeeded,
    onFailed: outcome.failed,
  });

  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 720 }}>
        {intro}
      </Typography>
      <OutcomeAlert outcome={outcome.outcome} onClose={outcome.clear} />
      {secret && (
        // The server keeps the secret sealed and never answers it again.
        <ShownOnce
          label={WEBHOOK_LABELS.newSecret}
          value={secret.secret}
          copyLabel={WEBHOOK_LABELS.copySecret}
          doneLabel={WEBHOOK_LABELS.secretSaved}
          detail={secret.detail}
          onDone={() => setSecret(null)}
        >
          <Typography variant="body2" sx={{ mt: 1 }}>
            {WEBHOOK_LABELS.secretWarning}
          </Typography>
        </ShownOnce>
      )}
      {endpoints.data.length === 0 ? (
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          {WEBHOOK_LABELS.none}
        </Typography>
      ) : (
        <Box component="ul" aria-label={WEBHOOK_LABELS.endpointsList} sx={{ p: 0, m: 0 }}>
          {endpoints.data.map((endpoint) =>
            editing === endpoint.id ? (
              <Paper
                key={endpoint.id}
                component="li"
                variant="outlined"
                sx={{ px: 2, mb: 2, listStyle: 'none' }}
              >
                <WebhookForm
                  owner={owner}
                  kinds={kinds}
                  endpoint={endpoint}
                  onSaved={(detail) => {
                    stopEditing(endpoint.id);
                    outcome.succeeded(detail);
                  }}
                  onFailed={outcome.failed}
                  onCancel={() => stopEditing(endpoint.id)}
                />
              </Paper>
            ) : (
              <WebhookEndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                actions={actionsOf(endpoint.id)}
                focusEdit={editedLast === endpoint.id}
              />
            ),
          )}
        </Box>
      )}
      {adding ? (
        <WebhookForm
          owner={owner}
          kinds={kinds}
          onCreated={(created) => {
            if (created.secret) setSecret({ secret: created.secret, detail: created.detail });
            else outcome.succeeded(created.detail);
            stopAdding();
          }}
          onFailed={outcome.failed}
          onCancel={stopAdding}
        />
      ) : (
        <Button
          ref={addButton}
          variant="contained"
          onClick={() => {
            outcome.clear();
            setAdding(true);
          }}
        >
          {WEBHOOK_LABELS.add}
        </Button>
      )}
    </Box>
  );
}
