/**
 * Adding an endpoint (kind, address, description, events) or editing one. The contract's schema
 * checks it before anything is sent; the server's refusals (an address it will not send to, too
 * many endpoints) are shown at their field, or above the form.
 */
import {
  CHAT_EVENT_TYPES,
  type CreateWebhookResponse,
  createWebhookRequest,
  type UpdateWebhookRequest,
  updateWebhookRequest,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_KIND_LABELS,
  WEBHOOK_LABELS,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookKind,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useCreateWebhook, useUpdateWebhook, type WebhookOwner } from '../../api/webhooks';
import { announce } from '../../lib/announcer';
import { BusyButton } from '../BusyButton';
import { type WebhookEventChoice, WebhookEventChoices } from './WebhookEventChoices';

type Field = 'url' | 'description' | 'events';
type Problems = Partial<Record<Field, string>>;

const URL_HELP: Record<WebhookKind, string> = {
  standard: WEBHOOK_LABELS.urlHelp,
  slack: WEBHOOK_LABELS.slackUrlHelp,
  teams: WEBHOOK_LABELS.teamsUrlHelp,
};

/** A chat channel starts with both of its messages chosen: posting them is what it is for. */
const startingEvents = (kind: WebhookKind): Set<WebhookEventChoice> =>
  new Set(kind === 'standard' ? [] : CHAT_EVENT_TYPES);

/** The first problem of each field, from the schema's issues or the server's field errors. */
function problemsFrom(entries: [string, string | undefined][]): Problems {
  const problems: Problems = {};
  for (const [path, message] of entries) {
    const field = path.split('.')[0] as Field;
    if (message && ['url', 'description', 'events'].includes(field)) problems[field] ??= message;
  }
  return problems;
}

interface WebhookFormProps {
  owner: WebhookOwner;
  /** The kinds offered when adding (the organisation's section offers signed webhooks only). */
  kinds: readonly WebhookKind[];
  /** Editing this endpoint; adding when absent. */
  endpoint?: WebhookEndpoint;
  onCreated?: (created: CreateWebhookResponse) => void;
  onSaved?: (detail: string) => void;
  /** A refusal that belongs to no field. */
  onFailed: (error: unknown, fallback: string) => void;
  onCancel: () => void;
}

export function WebhookForm({
  owner,
  kinds,
  endpoint,
  onCreated,
  onSaved,
  onFailed,
  onCancel,
}: WebhookFormProps) {
  const [kind, setKind] = useState<WebhookKind>(endpoint?.kind ?? kinds[0] ?? 'standard');
  // A chat channel's address is a credential the server never shows again: empty keeps it.
  const [url, setUrl] = useState(endpoint?.kind === 'standard' ? endpoint.url : '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<Set<WebhookEventChoice>>(
    () => new Set(endpoint?.events ?? startingEvents(kind)),
  );
  const [problems, setProblems] = useState<Problems>({});
  const urlRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLInputElement>(null);
  const eventsRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const create = useCreateWebhook(owner);
  const update = useUpdateWebhook();
  const keepsUrl = endpoint !== undefined && endpoint.kind !== 'standard';
  // The form opens at a button's press: the keyboard goes on in its first field.
  useEffect(() => urlRef.current?.focus(), []);

  const refuse = (found: Problems) => {
    setProblems(found);
    const first = found.url ? urlRef : found.description ? descriptionRef : eventsRef;
    first.current?.focus();
  };

  const serverRefused = (error: unknown, fallback: string) => {
    const fields = error instanceof ApiError ? Object.entries(error.fieldErrors) : [];
    const found = problemsFrom(fields.map(([path, messages]) => [path, messages[0]]));
    if (Object.keys(found).length > 0) refuse(found);
    else onFailed(error, fallback);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = [...events];
    if (endpoint === undefined) {
      const parsed = createWebhookRequest.safeParse({ kind, url, description, events: chosen });
      if (!parsed.success) {
        refuse(problemsFrom(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
        return;
      }
      create.mutate(parsed.data, {
        onSuccess: (created) => {
          announce(created.detail);
          onCreated?.(created);
        },
        onError: (error) => serverRefused(error, WEBHOOK_LABELS.createFailed),
      });
      return;
    }
    const change: UpdateWebhookRequest = { description, events: chosen };
    if (keepsUrl ? url.trim() !== '' : url !== endpoint.url) change.url = url;
    const parsed = updateWebhookRequest.safeParse(change);
    if (!parsed.success) {
      refuse(problemsFrom(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    update.mutate(
      { id: endpoint.id, change: parsed.data },
      {
        onSuccess: (answer) => onSaved?.(answer.detail),
        onError: (error) => serverRefused(error, WEBHOOK_LABELS.saveFailed),
      },
    );
  };

  const toggle = (choice: WebhookEventChoice) => {
    setProblems(({ events: _, ...rest }) => rest);
    setEvents((current) => {
      const next = new Set(current);
      if (!next.delete(choice)) next.add(choice);
      return next;
    });
  };

  const heading =
    endpoint === undefined
      ? WEBHOOK_LABELS.addHeading
      : WEBHOOK_LABELS.editHeading(endpoint.description || endpoint.url);
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby={headingId} sx={{ my: 2 }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {heading}
      </Typography>
      {endpoint === undefined && kinds.length > 1 && (
        <FormControl component="fieldset" sx={{ mb: 1 }}>
          <FormLabel component="legend">{WEBHOOK_LABELS.kindField}</FormLabel>
          <RadioGroup
            value={kind}
            onChange={(event) => {
              const next = event.target.value as WebhookKind;
              setKind(next);
              setEvents(startingEvents(next));
              setProblems({});
            }}
          >
            {kinds.map((choice) => (
              <FormControlLabel
                key={choice}
                value={choice}
                control={<Radio size="small" />}
                label={WEBHOOK_KIND_LABELS[choice]}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
      <TextField
        inputRef={urlRef}
        label={WEBHOOK_LABELS.urlField}
        value={url}
        onChange={(event) => {
          setUrl(event.target.value);
          setProblems(({ url: _, ...rest }) => rest);
        }}
        required={!keepsUrl}
        error={problems.url !== undefined}
        helperText={problems.url ?? (keepsUrl ? WEBHOOK_LABELS.urlKeepHelp : URL_HELP[kind])}
        fullWidth
        margin="dense"
        type="url"
        slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX, autoComplete: 'off', spellCheck: false } }}
      />
      <TextField
        inputRef={descriptionRef}
        label={WEBHOOK_LABELS.descriptionField}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          setProblems(({ description: _, ...rest }) => rest);
        }}
        error={problems.description !== undefined}
        helperText={problems.description ?? WEBHOOK_LABELS.descriptionHelp}
        fullWidth
        margin="dense"
        slotProps={{ htmlInput: { maxLength: WEBHOOK_DESCRIPTION_MAX } }}
      />
      <WebhookEventChoices
        kind={kind}
        chosen={events}
        onToggle={toggle}
        problem={problems.events ?? null}
        firstRef={eventsRef}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <BusyButton type="submit" variant="contained" busy={create.isPending || update.isPending}>
          {endpoint === undefined ? WEBHOOK_LABELS.create : WEBHOOK_LABELS.save}
        </BusyButton>
        <Button onClick={onCancel}>{WEBHOOK_LABELS.cancel}</Button>
      </Box>
    </Box>
  );
}
