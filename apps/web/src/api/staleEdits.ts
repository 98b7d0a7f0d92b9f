/**
 * The stale-edit conflict (409 `stale`): the server refused an edit because someone else changed
 * the field after the version it started from, and answered the record as it is now (`current`)
 * and who changed it (`changed_by`).
 */
import { CONFLICT_CODES, userSummary } from '@keystone/contract';
import { personName } from '../lib/personName';
import { ApiError } from './client';
import { toCamel } from './wireCase';

export interface StaleAnswer {
  /** The record as it is now, in its wire form. */
  current: Record<string, unknown> & { version: number };
  /** Who made the newest change the edit missed; null when unknown. */
  changedBy: string | null;
}

export function staleAnswer(error: unknown): StaleAnswer | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = error.body as { code?: unknown; current?: unknown; changed_by?: unknown } | null;
  if (body?.code !== CONFLICT_CODES.stale) return null;
  const current = body.current as Record<string, unknown> | null | undefined;
  if (!current || typeof current !== 'object' || typeof current.version !== 'number') return null;
  const person = userSummary.safeParse(body.changed_by);
  return {
    current: current as StaleAnswer['current'],
    changedBy: person.success ? personName(toCamel(person.data)) : null,
  };
}

/** The other person's value of one text field (by wire name), for autosave's conflict. */
export function staleText(error: unknown, field: string) {
  const stale = staleAnswer(error);
  const value = stale?.current[field];
  if (!stale) return null;
  return {
    theirs: { value: typeof value === 'string' ? value : '', version: stale.current.version },
    changedBy: stale.changedBy,
  };
}

/**
 * Runs a save; when it was refused as stale, the record as it is now is written to the cache first
 * (through `write`), so the field can show their text and every field of the record its version.
 */
export async function keepingCurrent<R>(save: Promise<R>, write: (current: unknown) => void): Promise<R> {
  try {
    return await save;
  } catch (error) {
    const stale = staleAnswer(error);
    if (stale) write(stale.current);
    throw error;
  }
}
