/**
 * The events an endpoint is sent, as labelled checkboxes in fieldsets: the standard events in
 * their groups, or a chat channel's two messages (the only events Slack and Teams are sent).
 */
import {
  CHAT_EVENT_TYPES,
  type ChatEventType,
  WEBHOOK_EVENT_GROUPS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_LABELS,
  type WebhookEventType,
  type WebhookKind,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { type Ref, useId } from 'react';

export type WebhookEventChoice = WebhookEventType | ChatEventType;

/** What each kind can be sent, grouped as the form shows it. */
export function eventGroupsOf(kind: WebhookKind) {
  if (kind === 'standard') return WEBHOOK_EVENT_GROUPS;
  return [{ label: WEBHOOK_LABELS.chatEventsGroup, events: CHAT_EVENT_TYPES }];
}

interface WebhookEventChoicesProps {
  kind: WebhookKind;
  chosen: ReadonlySet<WebhookEventChoice>;
  onToggle: (event: WebhookEventChoice) => void;
  problem: string | null;
  /** The first checkbox, focused when the choice is refused. */
  firstRef: Ref<HTMLInputElement>;
}

export function WebhookEventChoices({ kind, chosen, onToggle, problem, firstRef }: WebhookEventChoicesProps) {
  const problemId = useId();
  return (
    <FormControl component="fieldset" error={problem !== null} sx={{ my: 1, display: 'block' }}>
      <FormLabel component="legend">{WEBHOOK_LABELS.eventsLegend}</FormLabel>
      {problem && (
        <FormHelperText id={problemId} sx={{ mx: 0 }}>
          {problem}
        </FormHelperText>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4 }}>
        {eventGroupsOf(kind).map((group, groupIndex) => (
          <FormControl key={group.label} component="fieldset" sx={{ mt: 1, minWidth: 0 }}>
            <FormLabel component="legend" sx={{ fontSize: '0.875rem' }}>
              {group.label}
            </FormLabel>
            <FormGroup>
              {group.events.map((event, index) => (
                <FormControlLabel
                  key={event}
                  label={WEBHOOK_EVENT_LABELS[event]}
                  control={
                    <Checkbox
                      size="small"
                      checked={chosen.has(event)}
                      onChange={() => onToggle(event)}
                      slotProps={{
                        input: {
                          ref: groupIndex === 0 && index === 0 ? firstRef : undefined,
                          'aria-describedby': problem ? problemId : undefined,
                        },
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
          </FormControl>
        ))}
      </Box>
    </FormControl>
  );
}
