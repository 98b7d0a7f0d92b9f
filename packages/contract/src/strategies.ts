/** Strategy, focus area, initiative and team payloads (spec §3, §7). */
import { versionInput } from './history';
import { LIMITS } from './limits';
import { measureSchema } from './measures';
import { MESSAGES } from './messages';
import { digitsAsNumber, idSchema } from './primitives';
import { commentSchema } from './progress';
import { richTextSchema } from './richTextRules';
import { INITIATIVE_STATUS_CODES } from './statuses';
import { userSummary } from './users';
import { z } from './z';

const title = (required: boolean) =>
  richTextSchema({ max: LIMITS.title, required, nullMessage: MESSAGES.titleRequired, singleLine: true });
const charterField = richTextSchema({ max: LIMITS.charterField });
const sortIndex = z.preprocess(
  digitsAsNumber,
  z
    .number({ error: 'sort_index must be a whole number.' })
    .int('sort_index must be a whole number.')
    .min(0, 'sort_index must be 0 or more.')
    .max(1000, 'sort_index is too large.'),
);

// ---- requests -------------------------------------------------------------------------------

/** A new strategy may start untitled; its page fills in later. */
export const createStrategyRequest = z
  .object({
    title: z.string().max(LIMITS.title, MESSAGES.charactersReached).optional(),
    ambition: richTextSchema({ max: LIMITS.ambition }).optional(),
  })
  .meta({ id: 'CreateStrategyRequest' });

export const updateStrategyRequest = z
  .object({
    title: z
      .string({ error: MESSAGES.fieldEmpty })
      .refine((value) => value.trim().length > 0, MESSAGES.fieldEmpty)
      .refine((value) => [...value].length <= LIMITS.title, MESSAGES.charactersReached)
      .optional(),
    ambition: richTextSchema({ max: LIMITS.ambition, required: true }).optional(),
    status: z.boolean().optional(),
    version: versionInput.optional(),
  })
  .meta({ id: 'UpdateStrategyRequest' });
export type UpdateStrategyRequest = z.infer<typeof updateStrategyRequest>;

export const createFocusAreaRequest = z
  .object({
    strategy: idSchema,
    sort_index: sortIndex.optional(),
    title: title(false).optional(),
  })
  .meta({ id: 'CreateFocusAreaRequest' });

export const updateFocusAreaRequest = z
  .object({ title: title(true), version: versionInput.optional() })
  .meta({ id: 'UpdateFocusAreaRequest' });

export const sortRequest = z.object({ sort_index: sortIndex }).meta({ id: 'SortRequest' });

/** The spec's create call may send null for empty charter fields; null reads as "not given". */
const withoutNulls = (body: unknown) =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null))
    : body;

export const updateInitiativeRequest = z
  .object({
    title: title(true).optional(),
    status: z.enum(INITIATIVE_STATUS_CODES, { error: 'Unknown status.' }).optional(),
    problem_statement: charterField.optional(),
    in_scope: charterField.optional(),
    out_scope: charterField.optional(),
    deliverables: charterField.optional(),
    risks_and_dependencies: charterField.optional(),
    impact: charterField.optional(),
    investment: charterField.optional(),
    work_plan: richTextSchema({ max: LIMITS.charterField, singleLine: true }).optional(),
    version: versionInput.optional(),
  })
  .meta({ id: 'UpdateInitiativeRequest' });
export type UpdateInitiativeRequest = z.infer<typeof updateInitiativeRequest>;

export const createInitiativeRequest = z
  .preprocess(
    withoutNulls,
    updateInitiativeRequest.extend({
      focus_area: idSchema,
      sort_index: sortIndex.optional(),
      title: title(false).optional(),
      /** Legacy single sponsor of spec §7; accepted and ignored (sponsors are set on the team page). */
      sponsor: z.unknown().optional(),
    }),
  )
  .meta({ id: 'CreateInitiativeRequest' });

/** A person on the team page: an existing user (id), or a typed e-mail with a temporary id. */
export const personReference = z.object({
  id: z.number().nullable().optional(),
  email: z.string().max(LIMITS.email),
});
export type PersonReference = z.infer<typeof personReference>;

const people = z.array(personReference).max(200);
const ids = z.array(idSchema).max(200);

export const assignTeamRequest = z
  .object({
    strategy_id: idSchema,
    strategy_masters: people.optional(),
    /**
     * The strategy's version the masters list was read at. A masters list sent without its `base`
     * replaces the stored one, so it is refused (409 `stale`) when someone else changed the masters
     * after that version, as every other write with `version` is.
     */
    version: versionInput.optional(),
    initiatives: z
      .array(
        z.object({
          initiative_id: idSchema,
          owners: people.optional(),
          sponsors: people.optional(),
          team_members: people.optional(),
          /** The initiative's version its lists were read at: the same rule for its lists sent without base. */
          version: versionInput.optional(),
        }),
      )
      .max(LIMITS.focusAreasPerStrategy * LIMITS.initiativesPerFocusArea)
      .optional(),
    /**
     * The lists as the page loaded them (ids). A list given here is merged: the people added since
     * are added and the people removed since are removed, so a concurrent change by someone else
     * survives. Without it a list replaces the stored one.
     */
    base: z
      .object({
        strategy_masters: ids.optional(),
        initiatives: z
          .array(
            z.object({
              initiative_id: idSchema,
              owners: ids.optional(),
              sponsors: ids.optional(),
              team_members: ids.optional(),
            }),
          )
          .max(LIMITS.focusAreasPerStrategy * LIMITS.initiativesPerFocusArea)
          .optional(),
      })
      .optional(),
  })
  .meta({ id: 'AssignTeamRequest' });
export type AssignTeamRequest = z.infer<typeof assignTeamRequest>;

// ---- responses ------------------------------------------------------------------------------

export const initiativeSchema = z
  .object({
    id: z.number(),
    model: z.literal('initiative'),
    title: z.string(),
    problem_statement: z.string(),
    in_scope: z.string(),
    out_scope: z.string(),
    deliverables: z.string(),
    risks_and_dependencies: z.string(),
    impact: z.string(),
    investment: z.string(),
    work_plan: z.string(),
    status: z.string(),
    last_status: z.string().nullable(),
    last_progress_update: z.string().nullable(),
    last_progress_comment: z.string().nullable(),
    sponsor_approval: z.boolean(),
    sponsor_approval_at: z.string().nullable(),
    sponsor_approval_requested: z.boolean(),
    sponsor_approval_user: userSummary.nullable(),
    sort_index: z.number(),
    version: z.number(),
    focus_area: z.number(),
    sponsor: z.number().nullable(),
    owners: z.array(userSummary),
    sponsors: z.array(userSummary),
    team_members: z.array(userSummary),
    /** The current (unlocked) Progress, Roadblocks and Next steps comments, in that order. */
    comments: z.array(commentSchema),
    /** Its measures (at most LIMITS.measuresPerItem), in order, with their readings. */
    measures: z.array(measureSchema),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Initiative' });
export type Initiative = z.infer<typeof initiativeSchema>;

/** GET /initiative/{id} adds what the charter page shows of its strategy. */
export const initiativeDetailSchema = initiativeSchema
  .extend({
    strategy_id: z.number(),
    ambition: z.string(),
    strategy_masters: z.array(userSummary),
    focus_area_title: z.string(),
  })
  .meta({ id: 'InitiativeDetail' });
export type InitiativeDetail = z.infer<typeof initiativeDetailSchema>;

export const focusAreaSchema = z
  .object({
    id: z.number(),
    model: z.literal('focusArea'),
    title: z.string(),
    sort_index: z.number(),
    version: z.number(),
    strategy: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
    initiatives: z.array(initiativeSchema),
    /** The focus area's own measures (at most LIMITS.measuresPerItem), in order, with their readings. */
    measures: z.array(measureSchema),
  })
  .meta({ id: 'FocusArea' });
export type FocusArea = z.infer<typeof focusAreaSchema>;

export const strategySummarySchema = z
  .object({
    id: z.number(),
    model: z.literal('strategy'),
    title: z.string(),
    ambition: z.string(),
    status: z.boolean(),
    version: z.number(),
    user: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    strategy_masters: z.array(userSummary),
  })
  .meta({ id: 'StrategySummary' });
export type StrategySummary = z.infer<typeof strategySummarySchema>;

export const strategySchema = strategySummarySchema
  .extend({ focus_areas: z.array(focusAreaSchema) })
  .meta({ id: 'Strategy' });
export type Strategy = z.infer<typeof strategySchema>;

/**
 * GET /strategy/{id}/team/: the team page's data and nothing more (titles and people, no
 * content), so the organisation's administrators can read it without a role (DESIGN §4).
 */
export const strategyTeamSchema = z
  .object({
    id: z.number(),
    title: z.string(),
    strategy_masters: z.array(userSummary),
    focus_areas: z.array(
      z.object({
        id: z.number(),
        title: z.string(),
        sort_index: z.number(),
        initiatives: z.array(
          z.object({
            id: z.number(),
            title: z.string(),
            sort_index: z.number(),
            owners: z.array(userSummary),
            sponsors: z.array(userSummary),
            team_members: z.array(userSummary),
          }),
        ),
      }),
    ),
  })
  .meta({ id: 'StrategyTeam' });
export type StrategyTeam = z.infer<typeof strategyTeamSchema>;

/** GET /organisation/strategies/: every strategy of the organisation, for its administrators. */
export const organisationStrategySchema = z
  .object({
    id: z.number(),
    title: z.string(),
    strategy_masters: z.array(userSummary),
  })
  .meta({ id: 'OrganisationStrategy' });
export type OrganisationStrategy = z.infer<typeof organisationStrategySchema>;

/** PATCH /focusarea/sort/ and /initiative/sort/ answer with the new order of the siblings. */
export const sortResponse = z
  .object({
    id: z.number(),
    sort_index: z.number(),
    order: z.array(z.object({ id: z.number(), sort_index: z.number() })),
  })
  .meta({ id: 'SortResponse' });
