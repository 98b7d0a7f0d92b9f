/**
 * The progress update page once its strategy is loaded (spec §2, §4): the Due Date dropdown, the
 * strategy's title and ambition (editable by its masters in the current view, as on the strategy
 * page), the status trend, and a card per focus area. The current due date is editable for those
 * with the progress right; a locked one shows its history read-only.
 */
import {
  canEditStrategy,
  formatDueDate,
  LIMITS,
  MEASURE_TEXT,
  PROGRESS_MESSAGES,
  STRATEGY_MESSAGES,
} from '@keystone/contract';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/errorMessages';
import { useLockedReadingsQuery } from '../../api/measureReadings';
import type { NotificationSettings } from '../../api/notificationSettingsWire';
import {
  progressFailure,
  refreshProgress,
  useLockedCommentsQuery,
  useLockedDatesQuery,
  useStatusHistoryQuery,
} from '../../api/progress';
import type { Comment, Strategy } from '../../api/strategyWire';
import { ActivityButton } from '../../components/activity/ActivityButton';
import { SaveStatusIndicator } from '../../components/collaborative/SaveStatusIndicator';
import { PAGE_CARD_SX } from '../../components/layout/pageCard';
import { RetryAlert } from '../../components/RetryAlert';
import { RichTextField } from '../../components/RichTextField';
import { SectionHeading } from '../../components/SectionHeading';
import { AmbitionInput, StrategyTitleInput } from '../../components/StrategyTextFields';
import { ConnectionStatusIndicator } from '../../realtime/ConnectionStatusIndicator';
import { CURRENT, DueDateSelect } from './DueDateSelect';
import { FocusAreaProgress } from './FocusAreaProgress';
import { type ProgressEditing, ProgressEditingContext, type UnsavedDraft } from './progressEditing';
import { StatusTrend } from './StatusTrend';
import { useDueDatePassedNotice } from './useDueDatePassedNotice';
import { useHashTarget } from './useHashTarget';

interface ProgressViewProps {
  strategy: Strategy;
  userId: number;
  settings: UseQueryResult<NotificationSettings>;
}

const sameDraft = (a: UnsavedDraft, b: UnsavedDraft) =>
  a.initiativeId === b.initiativeId && a.commentType === b.commentType;

function groupByInitiative(comments: Comment[]): Map<number, Comment[]> {
  const grouped = new Map<number, Comment[]>();
  for (const comment of comments)
    grouped.set(comment.initiative, [...(grouped.get(comment.initiative) ?? []), comment]);
  return grouped;
}

export function ProgressView({ strategy, userId, settings }: ProgressViewProps) {
  const queryClient = useQueryClient();
  const lockedDates = useLockedDatesQuery(strategy.id);
  const history = useStatusHistoryQuery(strategy.id);
  const [selected, setSelected] = useState(CURRENT);
  const [drafts, setDrafts] = useState<UnsavedDraft[]>([]);
  const [error, setError] = useState<string | null>(null);
  const dates = lockedDates.data ?? [];
  // A locked date no longer listed (cannot happen in practice) falls back to the current view.
  const date = selected !== CURRENT && dates.includes(selected) ? selected : null;
  const current = date === null;
  const locked = useLockedCommentsQuery(strategy.id, date);
  // A strategy without measures has no readings to ask for.
  const hasMeasures = strategy.focusAreas.some(
    (area) => area.measures.length > 0 || area.initiatives.some((item) => item.measures.length > 0),
  );
  const readings = useLockedReadingsQuery(strategy.id, hasMeasures ? date : null);
  const timeZone = settings.data?.timeZone ?? 'UTC';
  const nextDue = settings.data?.nextProgressUpdate ?? null;
  const isMaster = canEditStrategy(userId, strategy.roles);
  // Spec §2: masters edit the title and ambition here too, in the current view only.
  const editsStrategy = isMaster && current;
  const passedNotice = useDueDatePassedNotice(lockedDates.data, timeZone);
  // The first focus area renders with the page; the others (60 of the 75 comment fields) in a
  // transition just after, which React renders in slices that yield to the browser, so the page's
  // first render is not one long task (issue 17, "Heavy pages without long tasks"). The hash
  // target waits for them.
  const [allAreas, setAllAreas] = useState(false);
  useEffect(() => startTransition(() => setAllAreas(true)), []);
  const areas = allAreas ? strategy.focusAreas : strategy.focusAreas.slice(0, 1);
  const targetedId = useHashTarget(!lockedDates.isPending && !history.isPending && allAreas);

  const keepUnsavedDraft = useCallback(
    (draft: UnsavedDraft) => {
      setDrafts((kept) => [...kept.filter((other) => !sameDraft(other, draft)), draft]);
      void refreshProgress(queryClient, strategy.id);
    },
    [queryClient, strategy.id],
  );
  const dismissDraft = useCallback(
    (draft: UnsavedDraft) => setDrafts((kept) => kept.filter((other) => !sameDraft(other, draft))),
    [],
  );
  const editing = useMemo<ProgressEditing>(
    () => ({
      strategyId: strategy.id,
      userId,
      roles: strategy.roles,
      current,
      lockedDate: date,
      lockedReadings: current ? null : (readings.data ?? null),
      timeZone,
      reportError: setError,
      keepUnsavedDraft,
      drafts,
      dismissDraft,
    }),
    [
      strategy.id,
      strategy.roles,
      userId,
      current,
      date,
      readings.data,
      timeZone,
      keepUnsavedDraft,
      drafts,
      dismissDraft,
    ],
  );
  const lockedByInitiative = useMemo(
    () => (locked.data ? groupByInitiative(locked.data) : null),
    [locked.data],
  );

  return (
    <ProgressEditingContext.Provider value={editing}>
      <Box sx={{ width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 2, md: 4 }, py: 3 }}>
        {/* Wraps on a narrow screen, where the save line and Activity do not fit beside the way back. */}
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 1, minHeight: 40 }}
        >
          <Link
            component={RouterLink}
            to={`/strategy/${strategy.id}`}
            underline="hover"
            variant="body2"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
          >
            <ArrowBack fontSize="small" />
            Strategy
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          <ConnectionStatusIndicator />
          <SaveStatusIndicator />
          <ActivityButton scope={{ kind: 'strategy', strategyId: strategy.id }} userId={userId} />
        </Stack>
        <Box sx={PAGE_CARD_SX}>
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1.5 }}
          >
            <DueDateSelect
              value={date ?? CURRENT}
              onChange={setSelected}
              nextDue={nextDue}
              timeZone={timeZone}
              lockedDates={dates}
            />
            {settings.isSuccess && nextDue === null && isMaster && (
              <Tooltip title={PROGRESS_MESSAGES.settingsLinkTooltip} describeChild>
                <Link component={RouterLink} to={`/strategy-settings/${strategy.id}`} variant="body2">
                  {PROGRESS_MESSAGES.settingsLink}
                </Link>
              </Tooltip>
            )}
            {settings.isSuccess && nextDue === null && !isMaster && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                No due date is set yet; a strategy master can set one.
              </Typography>
            )}
          </Stack>
          {(lockedDates.isError ||
            settings.isError ||
            (!current && (locked.isError || readings.isError))) && (
            <Stack spacing={1}>
              {settings.isError && (
                <RetryAlert
                  message={PROGRESS_MESSAGES.fetchSettingsFailed}
                  onRetry={() => void settings.refetch()}
                />
              )}
              {lockedDates.isError && (
                <RetryAlert
                  message={progressFailure('fetchLockedDates', lockedDates.error)}
                  onRetry={() => void lockedDates.refetch()}
                />
              )}
              {!current && locked.isError && (
                <RetryAlert
                  message={progressFailure('fetchLockedComments', locked.error)}
                  onRetry={() => void locked.refetch()}
                />
              )}
              {!current && readings.isError && (
                <RetryAlert
                  message={errorMessage(readings.error, MEASURE_TEXT.fetchLockedReadingsFailed)}
                  onRetry={() => void readings.refetch()}
                />
              )}
            </Stack>
          )}
          {date !== null && (
            <Alert severity="info" variant="outlined">
              {PROGRESS_MESSAGES.lockedOn(formatDueDate(date, timeZone))}
            </Alert>
          )}
          <Box>
            <Typography variant="overline" component="p" sx={{ color: 'text.secondary', fontWeight: 700 }}>
              Progress update
            </Typography>
            {editsStrategy ? (
              // The page's heading is the title itself, a text box for its masters (named by its
              // value); an element of role heading, as an h1 may not hold the box and its message.
              <Box role="heading" aria-level={1}>
                <StrategyTitleInput
                  strategyId={strategy.id}
                  value={strategy.title}
                  version={strategy.version}
                  canEdit
                />
              </Box>
            ) : (
              <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
                {strategy.title || STRATEGY_MESSAGES.untitledStrategy}
              </Typography>
            )}
          </Box>
          <Box component="section" aria-labelledby="ambition-heading">
            <SectionHeading id="ambition-heading">Ambition</SectionHeading>
            {editsStrategy ? (
              <AmbitionInput
                strategyId={strategy.id}
                value={strategy.ambition}
                version={strategy.version}
                canEdit
              />
            ) : (
              // Read-only (no editor code, no lock) for everyone else and for a locked due date.
              <RichTextField
                value={strategy.ambition}
                label="Ambition"
                placeholder="No ambition written yet."
                maxLength={LIMITS.ambition}
                readOnly
                sx={{ typography: 'body1', lineHeight: 1.6 }}
              />
            )}
          </Box>
          <StatusTrend history={history} timeZone={timeZone} selectedDate={date} />
          {!current && (locked.isPending || readings.isLoading) ? (
            <LinearProgress aria-label="Loading locked comments" />
          ) : (
            (current || locked.isSuccess) && (
              <Stack spacing={3}>
                {areas.map((area) => (
                  <FocusAreaProgress
                    key={area.id}
                    focusArea={area}
                    lockedComments={current ? null : lockedByInitiative}
                    targetedId={targetedId}
                  />
                ))}
              </Stack>
            )
          )}
        </Box>
      </Box>
      <Snackbar
        open={error !== null || passedNotice.text !== null}
        autoHideDuration={6000}
        onClose={() => {
          setError(null);
          passedNotice.clear();
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={error ? 'error' : 'info'}
          variant="filled"
          onClose={() => {
            setError(null);
            passedNotice.clear();
          }}
        >
          {error ?? passedNotice.text}
        </Alert>
      </Snackbar>
    </ProgressEditingContext.Provider>
  );
}
