/** Dense 0..n-1 ordering of siblings (focus areas of a strategy, initiatives of a focus area). */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import type { focusAreas, initiatives } from '../db/schema';

/** The ids in their new order after moving `movedId` to `targetIndex` (clamped to the list). */
export function moveTo(orderedIds: readonly number[], movedId: number, targetIndex: number): number[] {
  const rest = orderedIds.filter((id) => id !== movedId);
  const index = Math.max(0, Math.min(targetIndex, rest.length));
  return [...rest.slice(0, index), movedId, ...rest.slice(index)];
}

/**
 * Writes sort_index = position for every id, in one statement. `moved` (the record the user moved)
 * gets a new version; its version after the write is the answer (undefined without `moved`).
 */
export async function writeOrder(
  db: Queryable,
  table: typeof focusAreas | typeof initiatives,
  orderedIds: readonly number[],
  moved?: number,
): Promise<number | undefined> {
  if (orderedIds.length === 0) return undefined;
  const cases = sql.join(
    orderedIds.map((id, index) => sql`when ${id}::integer then ${index}::integer`),
    sql` `,
  );
  const ids = sql.join(
    orderedIds.map((id) => sql`${id}::integer`),
    sql`, `,
  );
  const bump = moved === undefined ? sql`` : sql`, version = version + (id = ${moved}::integer)::integer`;
  const result = await db.execute<{ id: number; version: number }>(
    sql`update ${table} set sort_index = case id ${cases} end${bump} where id in (${ids}) returning id, version`,
  );
  return result.rows.find((row) => row.id === moved)?.version;
}
