/** One line of the Activity panel: who, at what time, which field, what changed, and the restores on offer. */
import { ACTIVITY_MESSAGES, activityLabel, HISTORY_MESSAGES } from '@keystone/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { RestoreTarget } from '../../api/activityRestore';
import { personName } from '../../lib/personName';
import type { ActivityItem } from './activityGroups';
import { DeletedRecordRestore, type DeletedRecordScope } from './DeletedRecordRestore';
import { type ChangeSummary, describeChange } from './describeChange';
import type { RestoreOptions } from './restoreOptions';

const SHORT_TEXT = 160;
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** Long texts show their start; the whole text is one click away. */
function ExpandableText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  if (text === '') {
    return (
      <Box component="span" sx={{ fontStyle: 'italic' }}>
        {ACTIVITY_MESSAGES.empty}
      </Box>
    );
  }
  if (text.length <= SHORT_TEXT) return <span>{text}</span>;
  return (
    <span>
      {expanded ? text : `${text.slice(0, SHORT_TEXT).trimEnd()}…`}{' '}
      <Link
        component="button"
        type="button"
        variant="body2"
        aria-expanded={expanded}
        onClick={() => setExpanded((open) => !open)}
        sx={{ verticalAlign: 'baseline' }}
      >
        {expanded ? ACTIVITY_MESSAGES.showLess : ACTIVITY_MESSAGES.showAll}
      </Link>
    </span>
  );
}

const quoted = (title: string) => (title ? ` “${title}”` : '');

function ChangeBody({ summary }: { summary: ChangeSummary }) {
  const text = { variant: 'body2', sx: { overflowWrap: 'anywhere' } } as const;
  switch (summary.kind) {
    case 'text':
      return (
        <Stack spacing={0.5} sx={{ mt: 0.5 }}>
          {/* A first text has nothing before it to strike out. */}
          {summary.before !== '' && (
            <Typography {...text} component="del" sx={{ ...text.sx, color: 'text.secondary' }}>
              <ExpandableText text={summary.before} />
            </Typography>
          )}
          <Typography {...text} component="ins" sx={{ ...text.sx, textDecoration: 'none' }}>
            → <ExpandableText text={summary.after} />
          </Typography>
        </Stack>
      );
    case 'people':
      return (
        <Box sx={{ mt: 0.5 }}>
          {summary.added.length > 0 && (
            <Typography {...text}>
              {ACTIVITY_MESSAGES.added}: {summary.added.join(', ')}
            </Typography>
          )}
          {summary.removed.length > 0 && (
            <Typography {...text}>
              {ACTIVITY_MESSAGES.removed}: {summary.removed.join(', ')}
            </Typography>
          )}
        </Box>
      );
    case 'record':
      return (
        <Typography {...text}>
          {ACTIVITY_MESSAGES[summary.action]}
          {quoted(summary.title)}
        </Typography>
      );
    case 'approval':
      return <Typography {...text}>{summary.text}</Typography>;
    case 'moved':
      return <Typography {...text}>{ACTIVITY_MESSAGES.moved}</Typography>;
  }
}

interface ActivityItemViewProps {
  item: ActivityItem;
  /** Which initiative it happened in, on the strategy-wide panel; null when the panel is the initiative's. */
  context: string | null;
  restore: RestoreOptions;
  /** A restore is under way (from any line): the others wait. */
  busy: boolean;
  onRestore: (target: RestoreTarget) => void;
  /** For the lines of deleted focus areas and initiatives. */
  deleted: DeletedRecordScope;
}

export function ActivityItemView({
  item,
  context,
  restore,
  busy,
  onRestore,
  deleted,
}: ActivityItemViewProps) {
  const { latest } = item;
  const who = latest.user ? personName(latest.user) : ACTIVITY_MESSAGES.unknownPerson;
  const details = [
    activityLabel(latest.model, latest.field),
    context && ACTIVITY_MESSAGES.within(context),
    item.count > 1 && ACTIVITY_MESSAGES.edits(item.count),
  ].filter(Boolean);
  return (
    <Box component="li" data-testid="activity-item" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {who}
        </Typography>
        <Typography
          variant="caption"
          component="time"
          dateTime={latest.createdAt}
          sx={{ color: 'text.secondary', flexShrink: 0 }}
        >
          {timeFormat.format(new Date(latest.createdAt))}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {details.join(' · ')}
      </Typography>
      <ChangeBody summary={describeChange(item)} />
      <DeletedRecordRestore entry={latest} scope={deleted} />
      {(restore.thisVersion || restore.previous || restore.isCurrent) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          {restore.isCurrent && <Chip size="small" label={ACTIVITY_MESSAGES.current} variant="outlined" />}
          {restore.thisVersion && (
            <Button
              size="small"
              variant="outlined"
              disabled={busy}
              onClick={() => restore.thisVersion && onRestore(restore.thisVersion)}
            >
              {HISTORY_MESSAGES.restoreThis}
            </Button>
          )}
          {restore.previous && (
            <Button
              size="small"
              disabled={busy}
              onClick={() => restore.previous && onRestore(restore.previous)}
            >
              {ACTIVITY_MESSAGES.restorePrevious}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
