/**
 * Live updates (spec §4): a field edited elsewhere is written into the query cache, so the page
 * shows it at once; fields being typed in keep the user's text (they ignore a new value until
 * their own edit is saved). A structural change (something added, removed, moved, people or
 * approval changed) makes the strategy load again; a deleted or no longer visible strategy then
 * answers 404 and the page says it is missing.
 */
import {
  camelName,
  type FieldUpdateMessage,
  isEditableField,
  type LockModel,
  type StreamingMessage,
} from '@keystone/contract';
import type { Query, QueryClient } from '@tanstack/react-query';
import { refreshActivity, rereadActivity } from '../api/activity';
import { refreshCharters, rereadCharters } from '../api/charterCache';
import type { CharterInitiative } from '../api/charterWire';
import { notificationSettingsKey, progressKey } from '../api/progress';
import { rereadQueries } from '../api/queryClient';
import {
  editComment,
  editFocusArea,
  editInitiative,
  editMeasure,
  editStoredStrategy,
  holdsComment,
  strategiesKey,
  strategyKey,
} from '../api/strategyCache';
import type { Person, Strategy, StrategySummary } from '../api/strategyWire';
import { organisationUsersKey } from '../api/users';
import { personName } from '../lib/personName';

/** How a field edit changes the cached strategy; null for records the strategy page does not hold. */
function editFor(model: LockModel, id: number, property: string, value: string | null) {
  switch (model) {
    case 'strategy':
      return (strategy: Strategy) => ({ ...strategy, [property]: value });
    case 'focusArea':
      return (strategy: Strategy) => editFocusArea(strategy, id, (area) => ({ ...area, [property]: value }));
    case 'initiative':
      return (strategy: Strategy) =>
        editInitiative(strategy, id, (initiative) => ({ ...initiative, [property]: value }));
    case 'comment':
      return (strategy: Strategy) =>
        editComment(strategy, id, (comment) => ({ ...comment, [property]: value }));
    // A reading's value or note: the measure's current reading ("No reading" is a null value).
    case 'measure':
      return (strategy: Strategy) =>
        editMeasure(strategy, id, (measure) => ({
          ...measure,
          current: { ...measure.current, [property]: value },
        }));
    default:
      return null;
  }
}

function patchField(queryClient: QueryClient, message: FieldUpdateMessage): void {
  const { model, res_id: id, field, value, strategy_id: strategyId } = message;
  // Only the text fields the contract names as editable (and an emptied reading); anything else
  // would be a bad message.
  const emptiedReading = model === 'measure' && field === 'value' && value === null;
  if ((typeof value !== 'string' && !emptiedReading) || !isEditableField(model, field)) return;
  // The cache holds the screen's names: the wire's in camelCase (problem_statement → problemStatement).
  const property = camelName(field);
  const edit = editFor(model, id, property, typeof value === 'string' ? value : null);
  if (!edit) return;
  // A comment of an earlier period (or of another strategy's page) is not on hand: nothing to change.
  if (model === 'comment' && !holdsComment(queryClient.getQueryData<Strategy>(strategyKey(strategyId)), id))
    return;
  void editStoredStrategy(queryClient, strategyId, edit);
  if (model === 'strategy') {
    queryClient.setQueryData<StrategySummary[]>(strategiesKey, (list) =>
      list?.map((summary) => (summary.id === strategyId ? { ...summary, [property]: value } : summary)),
    );
  }
}

export function applyStreamingMessage(queryClient: QueryClient, message: StreamingMessage): void {
  // An open charter shows its initiative, timeline, team and the strategy's ambition: it reads them again.
  refreshCharters(queryClient, message.strategy_id);
  refreshActivity(queryClient, message.strategy_id);
  if ('action' in message) {
    void rereadQueries(queryClient, { queryKey: strategyKey(message.strategy_id) });
    void rereadQueries(queryClient, { queryKey: strategiesKey });
    // A team change may have added people (placeholders of invited addresses).
    if (message.action === 'team') void rereadQueries(queryClient, { queryKey: organisationUsersKey });
    if (message.action === 'settings')
      void rereadQueries(queryClient, { queryKey: notificationSettingsKey(message.strategy_id) });
    // A due date was processed: new history, a new next due date, fresh current comments.
    if (message.action === 'progress') {
      void rereadQueries(queryClient, { queryKey: progressKey(message.strategy_id) });
      void rereadQueries(queryClient, { queryKey: notificationSettingsKey(message.strategy_id) });
    }
    return;
  }
  patchField(queryClient, message);
}

/**
 * After a gap in the connection, every strategy on hand is read again: messages may have been
 * missed. With `readBefore`, only what was stored before that moment (a read still under way, or
 * one answered since, already sees the connection's start).
 */
export function rereadAfterGap(queryClient: QueryClient, readBefore?: number): void {
  const predicate =
    readBefore === undefined
      ? undefined
      : (query: Query) =>
          query.state.status !== 'pending' &&
          query.state.fetchStatus === 'idle' &&
          Math.max(query.state.dataUpdatedAt, query.state.errorUpdatedAt) < readBefore;
  rereadCharters(queryClient, predicate);
  rereadActivity(queryClient);
  void rereadQueries(queryClient, { queryKey: ['strategy'], predicate });
  void rereadQueries(queryClient, { queryKey: ['notification-settings'], predicate });
  void rereadQueries(queryClient, { queryKey: ['progress'], predicate });
  void rereadQueries(queryClient, { queryKey: strategiesKey, predicate });
}

/**
 * The name of a person the page knows in this strategy (its masters, and the owners, sponsors and
 * team members of its initiatives, from the strategy or an open charter), or null.
 */
export function knownPersonName(queryClient: QueryClient, strategyId: number, userId: number): string | null {
  const people: Person[] = [];
  const strategy = queryClient.getQueryData<Strategy>(strategyKey(strategyId));
  if (strategy) {
    people.push(...strategy.strategyMasters);
    for (const area of strategy.focusAreas)
      for (const item of area.initiatives) people.push(...item.owners, ...item.sponsors, ...item.teamMembers);
  }
  for (const [, data] of queryClient.getQueriesData<CharterInitiative>({ queryKey: ['initiative'] })) {
    if (!data || Array.isArray(data) || data.strategyId !== strategyId) continue;
    people.push(...data.strategyMasters, ...data.owners, ...data.sponsors, ...data.teamMembers);
  }
  const person = people.find((candidate) => candidate.id === userId);
  return person ? personName(person) : null;
}
