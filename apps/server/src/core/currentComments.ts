/**
 * Each initiative's current Progress, Roadblocks and Next steps comments: created empty with the
 * initiative, read with the strategy page, and their wire form (progress/ writes and locks them).
 */
import {
  COMMENT_TYPE_ORDER,
  type Comment,
  type InitiativeStatus,
  type UserSummary,
} from '@keystone/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { comments, users } from '../db/schema';
import { presentUserSummary } from './userPresenters';

type CommentRow = typeof comments.$inferSelect;

/** Progress, Roadblocks, Next steps: the order comments are shown in. */
export const typeRank = (type: string) => COMMENT_TYPE_ORDER.indexOf(type as Comment['comment_type']);

/** The comment's author (its last editor) beside the row, in the same query. */
export const authorColumns = {
  authorId: users.id,
  authorEmail: users.email,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorIsActive: users.isActive,
};
type AuthorColumns = { [K in keyof typeof authorColumns]: (typeof authorColumns)[K]['_']['data'] | null };

export function presentAuthor(row: AuthorColumns): UserSummary | null {
  if (row.authorId === null || row.authorEmail === null) return null;
  return presentUserSummary({
    id: row.authorId,
    email: row.authorEmail,
    firstName: row.authorFirstName ?? '',
    lastName: row.authorLastName ?? '',
    isActive: row.authorIsActive ?? true,
  });
}

export function presentComment(row: CommentRow, author: UserSummary | null): Comment {
  return {
    id: row.id,
    model: 'comment',
    comment: row.comment,
    comment_type: row.commentType,
    is_locked: row.isLocked,
    locked_at: row.lockedAt?.toISOString() ?? null,
    initiative: row.initiativeId,
    initiative_status: (row.initiativeStatus as InitiativeStatus | null) ?? null,
    version: row.version,
    author,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Fresh, empty Progress / Roadblocks / Next steps comments for each initiative. */
export async function createCurrentComments(db: Queryable, initiativeIds: readonly number[]): Promise<void> {
  if (initiativeIds.length === 0) return;
  await db
    .insert(comments)
    .values(
      initiativeIds.flatMap((initiativeId) =>
        COMMENT_TYPE_ORDER.map((commentType) => ({ initiativeId, commentType })),
      ),
    );
}

/** The current comments of these initiatives, grouped by initiative, in the order PR, RB, NS. */
export async function loadCurrentComments(
  db: Queryable,
  initiativeIds: readonly number[],
): Promise<Map<number, Comment[]>> {
  const grouped = new Map<number, Comment[]>(initiativeIds.map((id) => [id, []]));
  if (initiativeIds.length === 0) return grouped;
  const rows = await db
    .select({ comment: comments, ...authorColumns })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.updatedBy))
    .where(and(inArray(comments.initiativeId, [...initiativeIds]), eq(comments.isLocked, false)));
  rows.sort(
    (a, b) =>
      typeRank(a.comment.commentType) - typeRank(b.comment.commentType) || a.comment.id - b.comment.id,
  );
  for (const row of rows)
    grouped.get(row.comment.initiativeId)?.push(presentComment(row.comment, presentAuthor(row)));
  return grouped;
}
