/**
 * The Activity panel's content: the history of a strategy or an initiative grouped by day, newest
 * first, with "Show older", its loading, error and empty states, and restores with their outcome.
 */
import { ACTIVITY_MESSAGES, canRestoreDeleted, HISTORY_MESSAGES, plainText } from '@keystone/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type ActivityScope, useActivityQuery } from '../../api/activity';
import type { RestoreTarget } from '../../api/activityRestore';
import { errorMessage } from '../../api/errorMessages';
import { RetryAlert } from '../RetryAlert';
import { ActivityItemView } from './ActivityItemView';
import { type ActivityItem, collapseEntries, groupByDay } from './activityGroups';
import { type RestoreSources, restoreOptions } from './restoreOptions';
import { restoreFailure, useRestore, useRestoreSources } from './useRestore';

interface Notice {
  severity: 'success' | 'error';
  text: string;
}

/** On the strategy-wide panel, a change inside an initiative names that initiative. */
function contextOf(item: ActivityItem, scope: ActivityScope, sources: RestoreSources): string | null {
  const initiativeId = item.latest.initiativeId;
  if (scope.kind === 'initiative' || initiativeId === null) return null;
  const initiative = sources.strategy?.focusAreas
    .flatMap((area) => area.initiatives)
    .find((candidate) => candidate.id === initiativeId);
  return initiative ? plainText(initiative.title).trim() || null : null;
}

export function ActivityPanel({ scope, userId }: { scope: ActivityScope; userId: number }) {
  const activity = useActivityQuery(scope, true);
  const sources = useRestoreSources(scope, userId);
  const restore = useRestore();
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // The clicked button is disabled while the restore runs, which drops the focus to the page; the
  // outcome takes it, inside the panel, so Escape and Tab go on from there (and it is read out).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const deleted = {
    strategyId: scope.strategyId,
    mayRestore: sources.strategy !== undefined && canRestoreDeleted(userId, sources.strategy.roles),
  };
  const days = useMemo(
    () => groupByDay(collapseEntries(activity.data?.pages.flatMap((page) => page.entries) ?? [])),
    [activity.data],
  );

  const runRestore = (target: RestoreTarget) => {
    setNotice(null);
    restore.mutate(target, {
      onSuccess: () => setNotice({ severity: 'success', text: HISTORY_MESSAGES.restored }),
      onError: (error) => setNotice({ severity: 'error', text: restoreFailure(error) }),
    });
  };

  // Only the newest line holding a field's current text says so; older ones with the same text stay quiet.
  const markedCurrent = new Set<string>();
  const optionsOf = (item: ActivityItem) => {
    const options = restoreOptions(item, sources);
    const field = `${item.latest.model}:${item.latest.recordId}:${item.latest.field}`;
    if (!options.isCurrent) return options;
    if (markedCurrent.has(field)) return { ...options, isCurrent: false };
    markedCurrent.add(field);
    return options;
  };

  if (activity.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={ACTIVITY_MESSAGES.loading} />
      </Box>
    );
  }
  if (activity.isError && !activity.data) {
    return (
      <RetryAlert
        message={errorMessage(activity.error, HISTORY_MESSAGES.loadActivityFailed)}
        onRetry={() => void activity.refetch()}
      />
    );
  }
  return (
    <Box>
      {notice && (
        <Alert
          ref={noticeRef}
          tabIndex={-1}
          severity={notice.severity}
          role={notice.severity === 'error' ? 'alert' : 'status'}
          onClose={() => setNotice(null)}
          sx={{ mb: 2 }}
        >
          {notice.text}
        </Alert>
      )}
      {days.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{HISTORY_MESSAGES.noActivity}</Typography>
      )}
      {days.map((day) => (
        <Box component="section" key={day.label} aria-label={day.label} sx={{ mb: 2 }}>
          <Typography
            variant="overline"
            component="h3"
            sx={{ color: 'text.secondary', fontWeight: 700, lineHeight: 2 }}
          >
            {day.label}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {day.items.map((item) => (
              <ActivityItemView
                key={item.latest.id}
                item={item}
                context={contextOf(item, scope, sources)}
                restore={optionsOf(item)}
                busy={restore.isPending}
                onRestore={runRestore}
                deleted={deleted}
              />
            ))}
          </Box>
        </Box>
      ))}
      {activity.isFetchNextPageError && (
        <RetryAlert
          message={HISTORY_MESSAGES.loadActivityFailed}
          onRetry={() => void activity.fetchNextPage()}
        />
      )}
      {activity.hasNextPage && !activity.isFetchNextPageError && (
        <Button
          onClick={() => void activity.fetchNextPage()}
          loading={activity.isFetchingNextPage}
          fullWidth
          sx={{ mt: 1 }}
        >
          {HISTORY_MESSAGES.showOlder}
        </Button>
      )}
    </Box>
  );
}
