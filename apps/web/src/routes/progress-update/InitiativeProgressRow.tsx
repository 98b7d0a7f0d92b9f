/**
 * One initiative on the progress page (spec §2): its title linking to its charter (or to the
 * strategy page while it has no title), its owners, its status and its Progress, Roadblocks and
 * Next steps comments. The row carries the initiative's id, so /progress-update/{id}#{initiativeId}
 * scrolls to it.
 */
import {
  COMMENT_TYPE_ORDER,
  COMMENT_TYPES,
  canEditProgress,
  canWriteReading,
  LIMITS,
  PROGRESS_MESSAGES,
  plainText,
  STRATEGY_MESSAGES,
  statusOrInactive,
} from '@keystone/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Comment, Initiative } from '../../api/strategyWire';
import { CommentAuthor, LastProgressUpdate } from '../../components/activity/ProgressDates';
import { RichTextField } from '../../components/RichTextField';
import { personName } from '../../lib/personName';
import { CommentField } from './CommentField';
import { commentEditorSx } from './commentStyles';
import { MeasureReadings } from './MeasureReadings';
import { initiativeSuggestion } from './measureSuggestions';
import { useProgressEditing } from './progressEditing';
import { CurrentStatus } from './StatusCell';
import { StatusSelect } from './StatusSelect';
import { StatusSuggestion } from './SuggestionText';
import { UnsavedDraftNotice } from './UnsavedDraftNotice';

interface InitiativeProgressRowProps {
  initiative: Initiative;
  /** The comments locked at the chosen due date; null in the current view. */
  lockedComments: Comment[] | null;
  /** The row the address points at (#initiativeId): marked for a moment after scrolling to it. */
  targeted: boolean;
}

const byType = (comments: Comment[]) => new Map(comments.map((comment) => [comment.commentType, comment]));

function InitiativeTitle({ initiative }: { initiative: Initiative }) {
  const { strategyId } = useProgressEditing();
  const title = plainText(initiative.title).trim();
  return (
    <Link
      component={RouterLink}
      to={title ? `/initiative-charter/${initiative.id}` : `/strategy/${strategyId}`}
      underline="hover"
      sx={{
        fontWeight: 600,
        overflowWrap: 'anywhere',
        ...(title ? {} : { fontStyle: 'italic', color: 'text.secondary' }),
      }}
    >
      {title || STRATEGY_MESSAGES.nameYourInitiative}
    </Link>
  );
}

export function InitiativeProgressRow({ initiative, lockedComments, targeted }: InitiativeProgressRowProps) {
  const editing = useProgressEditing();
  const { userId, roles, current } = editing;
  const canEdit = canEditProgress(userId, roles, initiative.roles);
  const name = plainText(initiative.title).trim() || STRATEGY_MESSAGES.nameYourInitiative;
  const comments = byType(lockedComments ?? initiative.comments);
  const statusLabel = `Status of ${name}`;
  const owners = initiative.owners.map(personName).join(', ');
  // Spec §4: the status at a locked date is the first locked comment's.
  const status = current
    ? statusOrInactive(initiative.status)
    : statusOrInactive(lockedComments?.[0]?.initiativeStatus);

  return (
    <TableRow
      id={String(initiative.id)}
      data-testid="initiative-row"
      sx={{
        scrollMarginTop: 96,
        verticalAlign: 'top',
        transition: 'background-color 1.2s',
        bgcolor: targeted ? 'rgba(74, 111, 165, 0.08)' : undefined,
        '&:last-child td': { borderBottom: 0 },
      }}
    >
      <TableCell>
        <InitiativeTitle initiative={initiative} />
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, overflowWrap: 'anywhere' }}>
          Owner: {owners || '—'}
        </Typography>
        <LastProgressUpdate date={initiative.lastProgressUpdate} />
      </TableCell>
      <TableCell>
        {current ? (
          <CurrentStatus
            initiativeId={initiative.id}
            status={initiative.status}
            version={initiative.version}
            label={statusLabel}
            canEdit={canEdit}
          />
        ) : (
          <StatusSelect value={status} label={statusLabel} readOnly />
        )}
        <StatusSuggestion status={status} suggestion={initiativeSuggestion(initiative.measures, editing)} />
      </TableCell>
      <TableCell>
        {lockedComments?.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {PROGRESS_MESSAGES.noLockedComments}
          </Typography>
        ) : (
          <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
            {COMMENT_TYPE_ORDER.map((type) => {
              const comment = comments.get(type);
              const label = `${COMMENT_TYPES[type]} of ${name}`;
              const draft = editing.drafts.find(
                (kept) => kept.initiativeId === initiative.id && kept.commentType === type,
              );
              return (
                <Box
                  key={type}
                  data-testid="comment-row"
                  sx={{
                    display: 'grid',
                    // On a narrow screen the comment's name sits above it, so the text keeps the width.
                    gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '96px minmax(0, 1fr)' },
                    columnGap: 1.5,
                  }}
                >
                  <Typography
                    component="dt"
                    variant="body2"
                    sx={{ fontWeight: 600, color: 'text.secondary', pt: 0.75 }}
                  >
                    {COMMENT_TYPES[type]}
                  </Typography>
                  <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                    {comment && current && (
                      <CommentField key={comment.id} comment={comment} label={label} canEdit={canEdit} />
                    )}
                    {comment && !current && (
                      <RichTextField
                        value={comment.comment}
                        label={label}
                        placeholder="Nothing was written."
                        maxLength={LIMITS.comment}
                        readOnly
                        sx={commentEditorSx}
                      />
                    )}
                    {comment && <CommentAuthor comment={comment} />}
                    {draft && current && (
                      <UnsavedDraftNotice
                        draft={draft}
                        target={comment}
                        label={label}
                        onDone={() => editing.dismissDraft(draft)}
                      />
                    )}
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
        <Box sx={{ mt: initiative.measures.length ? 2 : 0 }}>
          <MeasureReadings
            measures={initiative.measures}
            canEdit={canWriteReading(userId, roles, initiative.roles)}
          />
        </Box>
      </TableCell>
    </TableRow>
  );
}
