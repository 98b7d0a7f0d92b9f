/**
 * Reads a whole strategy page in a fixed number of queries, however large it is:
 * strategy, masters, focus areas, initiatives, members (+ approvers), comments, measures (with
 * their readings). No query per row. The page,
 * the adds, moves and restores of focus areas and initiatives, and the team pages read it.
 */
import type { FocusArea, Initiative, Measure, UserSummary } from '@keystone/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client';
import { readBoth } from '../db/reads';
import { focusAreas, initiativeMembers, initiatives, strategyMasters, users } from '../db/schema';
import { loadCurrentComments } from './currentComments';
import { groupMeasures, loadMeasures } from './measureQueries';
import { type InitiativePeople, presentFocusArea, presentInitiative } from './strategyPresenters';
import { personColumns, presentUserSummary } from './userPresenters';

/** People sorted by name with nameless (not yet signed up) people last, then by e-mail. */
function byName(a: UserSummary, b: UserSummary): number {
  if (a.name === null || b.name === null)
    return a.name === b.name ? a.email.localeCompare(b.email) : a.name === null ? 1 : -1;
  return a.name.localeCompare(b.name) || a.email.localeCompare(b.email);
}

/** The masters of a strategy, deactivated ones marked. */
export async function loadMasters(db: Queryable, strategyId: number): Promise<UserSummary[]> {
  const rows = await db
    .select(personColumns)
    .from(strategyMasters)
    .innerJoin(users, eq(users.id, strategyMasters.userId))
    .where(eq(strategyMasters.strategyId, strategyId));
  return rows.map(presentUserSummary).sort(byName);
}

/** What a focus area holds: its initiatives (with people, comments and measures) and its own measures. */
export interface FocusAreaContents {
  initiatives: Initiative[];
  measures: Measure[];
}

/**
 * The initiatives (with people, comments and measures) and the measures of the given focus
 * areas, grouped by focus area, in order: four queries however many there are.
 */
export async function loadFocusAreaContents(
  db: Queryable,
  focusAreaIds: readonly number[],
): Promise<Map<number, FocusAreaContents>> {
  const grouped = new Map<number, FocusAreaContents>(
    focusAreaIds.map((id) => [id, { initiatives: [], measures: [] }]),
  );
  if (focusAreaIds.length === 0) return grouped;
  const approver = alias(users, 'approver');
  const rows = await db
    .select({
      initiative: initiatives,
      approver: {
        id: approver.id,
        email: approver.email,
        firstName: approver.firstName,
        lastName: approver.lastName,
        isActive: approver.isActive,
      },
    })
    .from(initiatives)
    .leftJoin(approver, eq(approver.id, initiatives.sponsorApprovalUserId))
    .where(inArray(initiatives.focusAreaId, [...focusAreaIds]))
    .orderBy(asc(initiatives.sortIndex), asc(initiatives.id));
  const ids = rows.map((row) => row.initiative.id);
  const [people, [comments, measures]] = await readBoth(
    db,
    () => loadPeople(db, ids),
    () =>
      readBoth(
        db,
        () => loadCurrentComments(db, ids),
        () => loadMeasures(db, { initiativeIds: ids, focusAreaIds }),
      ),
  );
  const { byInitiative, byFocusArea } = groupMeasures(measures);
  for (const [focusAreaId, contents] of grouped) contents.measures = byFocusArea.get(focusAreaId) ?? [];
  for (const { initiative, approver: approvedBy } of rows) {
    const initiativePeople = people.get(initiative.id) ?? noPeople();
    initiativePeople.approvalUser = approvedBy ? presentUserSummary(approvedBy) : null;
    grouped
      .get(initiative.focusAreaId)
      ?.initiatives.push(
        presentInitiative(
          initiative,
          initiativePeople,
          comments.get(initiative.id) ?? [],
          byInitiative.get(initiative.id) ?? [],
        ),
      );
  }
  return grouped;
}

/** Only the initiatives of the given focus areas, grouped by focus area (loadFocusAreaContents). */
export async function loadInitiatives(
  db: Queryable,
  focusAreaIds: readonly number[],
): Promise<Map<number, Initiative[]>> {
  const contents = await loadFocusAreaContents(db, focusAreaIds);
  return new Map([...contents].map(([id, { initiatives: list }]) => [id, list]));
}

const noPeople = (): InitiativePeople => ({ owners: [], sponsors: [], teamMembers: [], approvalUser: null });

/** Owners, sponsors and team members of the given initiatives, in one query. */
export async function loadPeople(
  db: Queryable,
  initiativeIds: readonly number[],
): Promise<Map<number, InitiativePeople>> {
  const result = new Map(initiativeIds.map((id) => [id, noPeople()]));
  if (initiativeIds.length === 0) return result;
  const members = await db
    .select({ initiativeId: initiativeMembers.initiativeId, role: initiativeMembers.role, ...personColumns })
    .from(initiativeMembers)
    .innerJoin(users, eq(users.id, initiativeMembers.userId))
    .where(inArray(initiativeMembers.initiativeId, [...initiativeIds]));
  for (const member of members) {
    const people = result.get(member.initiativeId);
    if (!people) continue;
    const list =
      member.role === 'owner'
        ? people.owners
        : member.role === 'sponsor'
          ? people.sponsors
          : people.teamMembers;
    list.push(presentUserSummary(member));
  }
  for (const people of result.values()) {
    people.owners.sort(byName);
    people.sponsors.sort(byName);
    people.teamMembers.sort(byName);
  }
  return result;
}

export async function loadFocusAreas(db: Queryable, strategyId: number): Promise<FocusArea[]> {
  const rows = await db
    .select()
    .from(focusAreas)
    .where(eq(focusAreas.strategyId, strategyId))
    .orderBy(asc(focusAreas.sortIndex), asc(focusAreas.id));
  const contents = await loadFocusAreaContents(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentFocusArea(row, contents.get(row.id)));
}

/** The masters of each strategy, as the lists show them: one query however many strategies. */
export async function mastersByStrategy(
  db: Queryable,
  strategyIds: readonly number[],
): Promise<Map<number, UserSummary[]>> {
  const byStrategy = new Map<number, UserSummary[]>();
  if (strategyIds.length === 0) return byStrategy;
  const rows = await db
    .select({ strategyId: strategyMasters.strategyId, ...personColumns })
    .from(strategyMasters)
    .innerJoin(users, eq(users.id, strategyMasters.userId))
    .where(inArray(strategyMasters.strategyId, [...strategyIds]));
  for (const row of rows) {
    const list = byStrategy.get(row.strategyId) ?? [];
    list.push(presentUserSummary(row));
    byStrategy.set(row.strategyId, list);
  }
  return byStrategy;
}
