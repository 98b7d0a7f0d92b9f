/**
 * Recovery codes: 10 random codes of 50 bits (`xxxxx-xxxxx`, base32), each accepted once. Under
 * 112 bits a code could be found from a plain hash by trying them all, so each is stored as an
 * argon2id hash with its own salt, like a password (ASVS 6.5.2).
 */
import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@keystone/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { recoveryCodes } from '../db/schema';
import { hashPassword, verifyPassword } from '../lib/passwords';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newCode(): string {
  // 32 symbols divide 256, so `byte % 32` is uniform: 10 symbols × 5 bits = 50 bits.
  const symbols = Array.from(randomBytes(10), (byte) => ALPHABET[byte % 32]).join('');
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/** How a user may type a code: any case, with or without the dash and spaces. */
function normalise(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Replaces the user's recovery codes with new ones; answers them in clear, to be shown once. */
export async function replaceRecoveryCodes(db: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const hashes = await Promise.all(codes.map((code) => hashPassword(normalise(code))));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes;
}

export async function recoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

/** Marks the matching unused code used; false when none matches. The conditional update wins once. */
export async function useRecoveryCode(db: Queryable, userId: number, code: string): Promise<boolean> {
  if (!/^[a-z2-7]{10}$/.test(normalise(code))) return false;
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  let match: (typeof unused)[number] | undefined;
  for (const row of unused) {
    if (await verifyPassword(row.codeHash, normalise(code))) {
      match = row;
      break;
    }
  }
  if (!match) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function deleteRecoveryCodes(db: Queryable, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
