/** Small history lines: who last edited a progress comment and when, and an initiative's last progress update. */
import { BOARD_TEXT, formatDay, HISTORY_MESSAGES } from '@keystone/contract';
import Typography from '@mui/material/Typography';
import type { Comment } from '../../api/strategyWire';
import { personName } from '../../lib/personName';
import { timeAgo } from '../../lib/timeAgo';

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

/**
 * Spec §3 lastProgressUpdate: the last due date that locked an update with text in it, as a day
 * (MM/DD/YYYY, like the board and the PDF); "No update yet" while there was none.
 */
export function LastProgressUpdate({ date }: { date: string | null }) {
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: 'text.secondary' }}
      data-testid="last-progress-update"
    >
      {date ? HISTORY_MESSAGES.lastProgressUpdate(formatDay(date)) : BOARD_TEXT.noUpdateYet}
    </Typography>
  );
}
