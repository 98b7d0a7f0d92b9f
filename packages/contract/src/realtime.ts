/**
 * Real-time collaboration (spec §3 "Locked field", "Live update message", §4 "Field lock",
 * DESIGN §5): which fields can be locked, who may lock them, and the socket message shapes.
 */
import { CHARTER_TEXT_FIELDS } from './charter';
import { CONFLICT_CODES } from './errors';
import {
  canEditInitiative,
  canEditProgress,
  canEditStrategy,
  canWriteReading,
  type InitiativeRoles,
  type StrategyRoles,
} from './permissions';
import { idSchema } from './primitives';
import { snakeName } from './wireNames';
import { z } from './z';

export const LOCK_MODELS = ['strategy', 'focusArea', 'initiative', 'comment', 'timeline', 'measure'] as const;
export type LockModel = (typeof LOCK_MODELS)[number];

/**
 * Which permission rule guards a field: DESIGN §4's strategy, initiative or progress right, or a
 * measure's reading (its initiative's progress right, or the strategy's for a focus area's measure).
 */
type FieldRule = 'strategy' | 'initiative' | 'progress' | 'reading';

/** Every field that is edited one at a time, per model, with the rule that lets a user edit it. */
export const EDITABLE_FIELDS: Record<LockModel, Readonly<Record<string, FieldRule>>> = {
  strategy: { title: 'strategy', ambition: 'strategy' },
  focusArea: { title: 'strategy' },
  initiative: {
    title: 'initiative',
    ...Object.fromEntries(CHARTER_TEXT_FIELDS.map((field) => [field, 'initiative' as const])),
    status: 'progress',
  },
  comment: { comment: 'progress' },
  timeline: { description: 'initiative', start_date: 'initiative', end_date: 'initiative' },
  // A definition is saved whole from a dialog (with its version); only the reading is typed into.
  measure: { value: 'reading', note: 'reading' },
};

export function isEditableField(model: LockModel, field: string): boolean {
  return Object.hasOwn(EDITABLE_FIELDS[model], field);
}

/**
 * Whether the user may edit this field. `initiative` holds the roles of the initiative the
 * resource belongs to (itself, or the initiative of a comment, timeline row or measure); null otherwise.
 */
export function canEditField(
  userId: number,
  model: LockModel,
  field: string,
  strategy: StrategyRoles,
  initiative: InitiativeRoles | null,
): boolean {
  const rule = isEditableField(model, field) ? EDITABLE_FIELDS[model][field] : undefined;
  if (rule === 'strategy') return canEditStrategy(userId, strategy);
  if (rule === 'reading') return canWriteReading(userId, strategy, initiative);
  if (!initiative) return false;
  if (rule === 'initiative') return canEditInitiative(userId, strategy, initiative);
  if (rule === 'progress') return canEditProgress(userId, strategy, initiative);
  return false;
}

const UNKNOWN_FIELD = 'Unknown field.';

/** POST /lock-field/ and /unlock-field/: model, res_id, field (spec §7). */
export const fieldLockRequest = z
  .object({
    model: z.enum(LOCK_MODELS, { error: `model must be one of ${LOCK_MODELS.join(', ')}.` }),
    res_id: idSchema,
    // Field names travel snake_case; a camelCase name from a client is read the same way.
    field: z
      .string({ error: UNKNOWN_FIELD })
      .max(64, UNKNOWN_FIELD)
      .transform((field): string => snakeName(field)),
  })
  .refine((lock) => isEditableField(lock.model, lock.field), { message: UNKNOWN_FIELD, path: ['field'] })
  .meta({ id: 'FieldLockRequest' });
export type FieldLockRequest = z.infer<typeof fieldLockRequest>;

/** GET /locked-fields/?strategy=: only that strategy's locks (all the caller may see without it). */
export const lockedFieldsQuery = z.object({
  strategy: idSchema.optional().describe('Only this strategy’s locks'),
});

/** GET /locked-fields/: one entry per field held by someone. */
export const lockedFieldSchema = z
  .object({
    res_id: z.number(),
    model: z.enum(LOCK_MODELS),
    field: z.string(),
    user_id: z.number(),
    /** The holder's name (or e-mail when no name is set). */
    user: z.string(),
    strategy_id: z.number(),
    expires_at: z.string(),
  })
  .meta({ id: 'LockedField' });
export type LockedField = z.infer<typeof lockedFieldSchema>;

/** The /ws/locks/ message: someone took or released a field. */
export const lockMessageSchema = lockedFieldSchema
  .omit({ expires_at: true })
  .extend({ action: z.enum(['lock', 'unlock']) });
export type LockMessage = z.infer<typeof lockMessageSchema>;

/**
 * The /ws/streaming/ messages. A field edit carries the stored value. A structural change
 * (something added, removed, moved; people or approval changed) carries `action` and no field:
 * the browser reloads what it shows of that strategy. `progress`: a due date was processed
 * (comments locked into history, fresh ones created; user_id 0, as the scheduler did it);
 * `settings`: the notification settings changed; `define`: a measure's definition changed (saved
 * whole, so the page reads the measure again rather than one field).
 */
export const STRUCTURE_ACTIONS = [
  'create',
  'delete',
  'sort',
  'team',
  'approval',
  'progress',
  'settings',
  'define',
] as const;
export type StructureAction = (typeof STRUCTURE_ACTIONS)[number];

export const fieldUpdateMessageSchema = z.object({
  res_id: z.number(),
  model: z.enum(LOCK_MODELS),
  field: z.string(),
  value: z.unknown(),
  user_id: z.number(),
  strategy_id: z.number(),
});
export type FieldUpdateMessage = z.infer<typeof fieldUpdateMessageSchema>;

export const structureMessageSchema = fieldUpdateMessageSchema.extend({
  field: z.null(),
  value: z.null(),
  action: z.enum(STRUCTURE_ACTIONS),
});
export type StructureMessage = z.infer<typeof structureMessageSchema>;

export const streamingMessageSchema = z.union([structureMessageSchema, fieldUpdateMessageSchema]);
export type StreamingMessage = z.infer<typeof streamingMessageSchema>;

/** Socket close codes (DESIGN §3). */
export const SOCKET_CLOSE = {
  /** No token, or one that is unknown, expired or revoked. */
  unauthenticated: 4401,
  /** A page of another origin tried to connect. */
  forbiddenOrigin: 4403,
  /** The socket sent more messages than any client should (pings only, every ~25 s). */
  policyViolation: 1008,
  /** A frame over SOCKET_MAX_MESSAGE_BYTES. */
  messageTooBig: 1009,
  /** The server cannot serve the socket now (e.g. its database is down): reconnect later. */
  tryAgainLater: 1013,
  /** The instance is shutting down (SIGTERM, a rolling restart): reconnect, to another instance. */
  goingAway: 1001,
  /** Events may have been missed (the broker connection was lost): reconnect and read again. */
  resync: 1012,
} as const;

/** Why a socket was refused or closed (the `detail` of a refused upgrade, or a close reason). */
export const SOCKET_MESSAGES = {
  originNotAllowed: 'Origin not allowed.',
  tooManySockets: 'Too many open connections for this session.',
  tooManyMessages: 'Too many messages.',
  shuttingDown: 'Server shutting down.',
} as const;

/** The answers of POST /api/unlock-field/. */
export const UNLOCK_MESSAGES = {
  unlocked: 'The field is unlocked.',
  heldByAnotherPage: 'The field is held by another of your pages.',
  notLocked: 'The field was not locked.',
} as const;

/** Lock timing (DESIGN §5): a lock not renewed within `ttlMs` is released; the browser renews it. */
export const LOCK_TIMINGS = {
  ttlMs: 30_000,
  renewEveryMs: 10_000,
} as const;

export const SOCKET_MAX_MESSAGE_BYTES = 64 * 1024;

/** The 409 answer of a lock call or a write to a field someone else is editing. */
export const fieldLockConflictSchema = z
  .object({
    detail: z.string(),
    code: z.literal(CONFLICT_CODES.fieldLocked),
    user: z.string().nullable(),
    user_id: z.number().nullable(),
  })
  .meta({ id: 'FieldLockConflict' });
