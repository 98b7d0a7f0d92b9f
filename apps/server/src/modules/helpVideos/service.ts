/**
 * Help videos an organisation's administrators choose (issue 27): one row per topic they changed;
 * a topic without one shows the built-in video. Each choice gets a new unguessable player token,
 * so a player page stops working the moment its video is replaced or reset.
 */
import {
  type HelpTopic,
  type HelpVideo,
  parseVideoAddress,
  type SetHelpVideoRequest,
  type VideoHost,
} from '@keystone/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { AppContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { type RequestOrigin, recordSecurityEvent } from '../../core/securityEvents';
import { helpVideos } from '../../db/schema';
import { randomSecret } from '../../lib/secrets';

type HelpVideoRow = typeof helpVideos.$inferSelect;

const presentHelpVideo = (row: HelpVideoRow): HelpVideo => ({
  topic: row.topic as HelpTopic,
  host: row.host as VideoHost,
  address: row.address,
  embed_url: row.embedUrl,
  description: row.description,
  player_url: `/help-player/${row.playerToken}/`,
});

/** The organisation's chosen videos, in the order of the topics' names. */
export async function listHelpVideos(ctx: AppContext, organisationId: number): Promise<HelpVideo[]> {
  const rows = await ctx.db
    .select()
    .from(helpVideos)
    .where(eq(helpVideos.organisationId, organisationId))
    .orderBy(asc(helpVideos.topic));
  return rows.map(presentHelpVideo);
}

export async function setHelpVideo(
  ctx: AppContext,
  admin: Actor,
  topic: HelpTopic,
  input: SetHelpVideoRequest,
  origin: RequestOrigin,
): Promise<HelpVideo> {
  // The schema has checked it already; parsed again for its embed form.
  const parsed = parseVideoAddress(input.address);
  if ('error' in parsed) throw badRequest(parsed.error, { address: [parsed.error] });
  const values = {
    host: parsed.host,
    address: parsed.address,
    embedUrl: parsed.embed,
    description: input.description ?? '',
    playerToken: randomSecret(),
    updatedBy: admin.id,
    updatedAt: new Date(),
  };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(helpVideos)
      .values({ organisationId: admin.organisationId, topic, ...values })
      .onConflictDoUpdate({ target: [helpVideos.organisationId, helpVideos.topic], set: values })
      .returning();
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'organisation_updated',
      userId: null,
      actorId: admin.id,
      organisationId: admin.organisationId,
      detail: { help_video: topic, address: parsed.address },
    });
    return presentHelpVideo(row!);
  });
}

/** Back to the built-in video; resetting a topic that has none changes nothing. */
export async function resetHelpVideo(
  ctx: AppContext,
  admin: Actor,
  topic: HelpTopic,
  origin: RequestOrigin,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(helpVideos)
      .where(and(eq(helpVideos.organisationId, admin.organisationId), eq(helpVideos.topic, topic)))
      .returning({ id: helpVideos.id });
    if (removed.length === 0) return;
    await recordSecurityEvent(tx, ctx.log, origin, {
      kind: 'organisation_updated',
      userId: null,
      actorId: admin.id,
      organisationId: admin.organisationId,
      detail: { help_video: topic, address: null },
    });
  });
}

/** The video a player token names, or null (unknown, replaced or reset). */
export async function videoOfPlayer(ctx: AppContext, token: string): Promise<HelpVideoRow | null> {
  const [row] = await ctx.db.select().from(helpVideos).where(eq(helpVideos.playerToken, token));
  return row ?? null;
}
