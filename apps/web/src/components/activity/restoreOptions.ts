/**
 * Which texts of a history item the user may put back, judged from what the page has loaded: the
 * record must still be there (not deleted, a comment not locked into history), the field must be
 * a text field the user may edit (the contract's rules with the page's roles), and the text must
 * differ from what the field holds now. The record's version comes from the same place.
 */
import {
  camelName,
  canDefineMeasure,
  canEditField,
  type InitiativeRoles,
  isTextRestorable,
  type Measure,
  type StrategyRoles,
  type TextRestoreModel,
} from '@keystone/contract';
import type { RestoreTarget } from '../../api/activityRestore';
import type { CharterInitiative, Timeline } from '../../api/charterWire';
import type { Strategy } from '../../api/strategyWire';
import type { ActivityItem } from './activityGroups';
import { readableText } from './describeChange';

/** What the page has loaded; the strategy page and progress page hold the strategy, the charter its initiative. */
export interface RestoreSources {
  userId: number;
  strategy?: Strategy;
  charter?: CharterInitiative;
  timelines?: Timeline[];
}

export interface RestoreOptions {
  /** Puts back the text as this item left it. */
  thisVersion: RestoreTarget | null;
  /** Puts back the text from before this item (the first value of a folded run). */
  previous: RestoreTarget | null;
  /** The field holds this item's text now. */
  isCurrent: boolean;
}

const NONE: RestoreOptions = { thisVersion: null, previous: null, isCurrent: false };

interface FoundRecord {
  version: number;
  values: object;
  strategyRoles: StrategyRoles;
  initiativeRoles: InitiativeRoles | null;
  initiativeId: number | null;
  /** The values' field names as the wire has them (a measure's stay so), not camelCase. */
  wireNames?: boolean;
  /** A reading's due date, sent with its restore. */
  dueDate?: string | null;
  /** Who may put the field back, when not the field locks' rule (a measure's definition). */
  mayEdit?: boolean;
}

/** The initiatives on hand with their strategy's roles; the charter's own copy first (it is the fresher). */
function initiativesOf({ strategy, charter }: RestoreSources) {
  const fromStrategy = strategy
    ? strategy.focusAreas.flatMap((area) =>
        area.initiatives.map((initiative) => ({ initiative, strategyRoles: strategy.roles })),
      )
    : [];
  if (!charter) return fromStrategy;
  return [
    { initiative: charter, strategyRoles: charter.strategyRoles },
    ...fromStrategy.filter(({ initiative }) => initiative.id !== charter.id),
  ];
}

const READING_FIELDS = new Set(['value', 'note']);

/** The last due date a measure's readings were locked at: entries before it are its history. */
const lastLocked = (measure: Measure) => measure.history.at(-1)?.due_date ?? null;

/**
 * A measure's definition, or its current reading for a reading's entry. An entry of a reading
 * locked at a past due date is history: the server writes only the current reading, so putting it
 * back would write an old period's value into this one; no restore is offered for it.
 */
function findMeasure(sources: RestoreSources, item: ActivityItem): FoundRecord | null {
  const id = item.latest.recordId;
  for (const { initiative, strategyRoles } of initiativesOf(sources)) {
    const measure = initiative.measures.find((candidate) => candidate.id === id);
    if (measure) return measureRecord(sources, item, measure, strategyRoles, initiative.roles, initiative.id);
  }
  const area = sources.strategy?.focusAreas.find((candidate) => candidate.measures.some((m) => m.id === id));
  const measure = area?.measures.find((candidate) => candidate.id === id);
  if (!measure || !sources.strategy) return null;
  return measureRecord(sources, item, measure, sources.strategy.roles, null, null);
}

function measureRecord(
  sources: RestoreSources,
  item: ActivityItem,
  measure: Measure,
  strategyRoles: StrategyRoles,
  initiativeRoles: InitiativeRoles | null,
  initiativeId: number | null,
): FoundRecord | null {
  const base = { strategyRoles, initiativeRoles, initiativeId, wireNames: true };
  if (!READING_FIELDS.has(item.latest.field ?? '')) {
    const mayEdit = canDefineMeasure(sources.userId, strategyRoles, initiativeRoles);
    return { ...base, version: measure.version, values: measure, mayEdit };
  }
  const locked = lastLocked(measure);
  if (locked !== null && Date.parse(item.earliest.createdAt) <= Date.parse(locked)) return null;
  return {
    ...base,
    version: measure.current.version,
    values: measure.current,
    dueDate: measure.current.due_date,
  };
}

function findRecord(sources: RestoreSources, model: TextRestoreModel, id: number): FoundRecord | null {
  const { strategy, charter } = sources;
  if (model === 'strategy' || model === 'focusArea') {
    if (!strategy) return null;
    const record =
      model === 'strategy'
        ? strategy.id === id
          ? strategy
          : undefined
        : strategy.focusAreas.find((area) => area.id === id);
    return record
      ? {
          version: record.version,
          values: record,
          strategyRoles: strategy.roles,
          initiativeRoles: null,
          initiativeId: null,
        }
      : null;
  }
  if (model === 'timeline') {
    const row = sources.timelines?.find((timeline) => timeline.id === id);
    if (!row || !charter || row.initiative !== charter.id) return null;
    return {
      version: row.version,
      values: row,
      strategyRoles: charter.strategyRoles,
      initiativeRoles: charter.roles,
      initiativeId: charter.id,
    };
  }
  for (const { initiative, strategyRoles } of initiativesOf(sources)) {
    const base = { strategyRoles, initiativeRoles: initiative.roles, initiativeId: initiative.id };
    if (model === 'initiative' && initiative.id === id)
      return { ...base, version: initiative.version, values: initiative };
    const comment =
      model === 'comment' ? initiative.comments.find((item) => item.id === id && !item.isLocked) : undefined;
    if (comment) return { ...base, version: comment.version, values: comment };
  }
  return null;
}

export function restoreOptions(item: ActivityItem, sources: RestoreSources): RestoreOptions {
  const { model, recordId, field } = item.latest;
  // The history's kinds say which texts can be put back (statuses and dates have their own pickers).
  if (field === null || !isTextRestorable(model, field)) return NONE;
  const record = model === 'measure' ? findMeasure(sources, item) : findRecord(sources, model, recordId);
  if (!record) return NONE;
  const mayEdit =
    record.mayEdit ??
    canEditField(sources.userId, model, field, record.strategyRoles, record.initiativeRoles);
  if (!mayEdit) return NONE;
  const current = (record.values as Record<string, unknown>)[record.wireNames ? field : camelName(field)];
  const target = (value: unknown): RestoreTarget | null =>
    typeof value === 'string' && value !== current
      ? {
          model,
          recordId,
          field,
          value,
          shown: typeof current === 'string' ? current : '',
          version: record.version,
          strategyId: sources.strategy?.id ?? sources.charter?.strategyId ?? 0,
          initiativeId: record.initiativeId,
          ...(record.dueDate !== undefined && { dueDate: record.dueDate }),
        }
      : null;
  const after = item.latest.newValue;
  const before = item.earliest.oldValue;
  // Going back to an empty field is rarely meant (and titles refuse it): only earlier words are offered.
  const previous = before !== after && readableText(before) !== '' ? target(before) : null;
  return { thisVersion: target(after), previous, isCurrent: after === current };
}
