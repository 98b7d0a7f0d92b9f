/** Small history lines: who last edited a progress comment and when, and an initiative's last progress update. */
import { HISTORY_MESSAGES } from '@keystone/contract';
import Typography from '@mui/material/Typography';
import type { Comment } from '../../api/strategyWire';
import { personName } from '../../lib/personName';
import { formatDate, timeAgo } from '../../lib/timeAgo';

/** Nothing while nobody has written in the comment. */
export function CommentAuthor({ comment }: { comment: Comment }) {
  if (!comment.author) return null;
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.25 }}>
      <time dateTime={comment.updatedAt}>
        {HISTORY_MESSAGES.lastEdited(personName(comment.author), timeAgo(comment.updatedAt))}
      </time>
    </Typography>
  );
}

/** Spec §3 lastProgressUpdate: the due date at which the initiative's comments were last locked. */
export function LastProgressUpdate({ date }: { date: string | null }) {
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: 'text.secondary' }}
      data-testid="last-progress-update"
    >
      {date ? HISTORY_MESSAGES.lastProgressUpdate(formatDate(date)) : HISTORY_MESSAGES.noProgressUpdate}
    </Typography>
  );
}
