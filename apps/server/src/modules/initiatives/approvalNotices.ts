/**
 * What every approval step leaves behind, in the step's transaction: its activity entry (field
 * 'approval', DESIGN "History") and the mails of spec §4, queued in the outbox for the people who
 * should hear of it. Deactivated people get no mail, nor does the person who took the step.
 */
import { type ApprovalStep, type ApprovalWithdrawal, fullName, plainText } from '@keystone/contract';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import { recordChanges } from '../../core/activityRecord';
import type { Queryable } from '../../db/client';
import { initiativeMembers, strategies, strategyMasters, users } from '../../db/schema';
import type { MailContent } from '../../mail/layout';
import { enqueueMail } from '../../mail/outbox';

export const charterLink = (appUrl: string, initiativeId: number) =>
  `${appUrl}/initiative-charter/${initiativeId}`;

/** The step's initiative, with its version after the step. */
export interface StepOf {
  strategyId: number;
  initiativeId: number;
  actorId: number;
  version: number;
}

export async function recordApprovalStep(
  db: Queryable,
  step: StepOf,
  name: ApprovalStep,
  withdrawal: ApprovalWithdrawal | null = null,
): Promise<void> {
  await recordChanges(
    db,
    {
      strategyId: step.strategyId,
      initiativeId: step.initiativeId,
      actorId: step.actorId,
      model: 'initiative',
      recordId: step.initiativeId,
      version: step.version,
    },
    [{ field: 'approval', old: withdrawal, new: name }],
  );
}

const active = (extra: SQL | undefined) => and(eq(users.isActive, true), extra);
const notActor = (actorId: number | undefined) => (actorId === undefined ? undefined : ne(users.id, actorId));

/** Active sponsors of the initiative, or the strategy's active masters when it has no sponsor at all. */
export async function approverAddresses(
  db: Queryable,
  initiativeId: number,
  strategyId: number,
  exceptActor?: number,
): Promise<string[]> {
  const sponsors = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive })
    .from(initiativeMembers)
    .innerJoin(users, eq(users.id, initiativeMembers.userId))
    .where(and(eq(initiativeMembers.initiativeId, initiativeId), eq(initiativeMembers.role, 'sponsor')));
  // A deactivated sponsor is still the sponsor: the masters are asked only when there is none.
  if (sponsors.length > 0) {
    return sponsors.filter((one) => one.isActive && one.id !== exceptActor).map((one) => one.email);
  }
  const masters = await db
    .select({ email: users.email })
    .from(strategyMasters)
    .innerJoin(users, eq(users.id, strategyMasters.userId))
    .where(and(eq(strategyMasters.strategyId, strategyId), active(notActor(exceptActor))));
  return masters.map((one) => one.email);
}

export async function ownerAddresses(db: Queryable, initiativeId: number, exceptActor: number) {
  const owners = await db
    .select({ email: users.email })
    .from(initiativeMembers)
    .innerJoin(users, eq(users.id, initiativeMembers.userId))
    .where(
      and(
        eq(initiativeMembers.initiativeId, initiativeId),
        eq(initiativeMembers.role, 'owner'),
        active(notActor(exceptActor)),
      ),
    );
  return owners.map((one) => one.email);
}

export async function queueMails(db: Queryable, to: readonly string[], mail: MailContent): Promise<number> {
  for (const address of to) await enqueueMail(db, { to: address, ...mail });
  return to.length;
}

/** What a mail says about the initiative: its title as text, and its strategy's title. */
export async function mailTitles(db: Queryable, initiativeTitle: string, strategyId: number) {
  const [strategy] = await db
    .select({ title: strategies.title })
    .from(strategies)
    .where(eq(strategies.id, strategyId));
  return { initiativeTitle: plainText(initiativeTitle), strategyTitle: strategy?.title ?? '' };
}

/** The name a mail gives a person by id (full name), or null when there is none. */
export async function nameOf(db: Queryable, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return person ? fullName(person.firstName, person.lastName) : null;
}
