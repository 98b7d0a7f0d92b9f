/**
 * The first check of a PDF request, before its key is looked up: a key may have at most
 * PDF_REQUESTS_PER_KEY PDF requests under way, and one more is refused at once with 503, in
 * memory. A burst of exports from a few people (the security audit's 120 at once) otherwise
 * made 120 key lookups and rate-limit counts in the database before the pool refused 114 of
 * them, and everyone else's requests waited behind those queries (bench/pdf.mjs). The key is
 * not known to be valid here: a made-up key only ever holds places of its own, and the pool's
 * bounds per instance and per organisation still apply once the key is checked.
 */
import { sha256 } from '../../lib/secrets';

/** Two: a strategy and a charter downloaded at once; a script asking for more is told when to retry. */
export const PDF_REQUESTS_PER_KEY = 2;

export class PdfKeyGate {
  private readonly underWay = new Map<string, number>();

  /** Takes a place for `key`, or null when it has all of its places; the caller gives it back with release(). */
  enter(key: string): (() => void) | null {
    const id = sha256(key);
    const held = this.underWay.get(id) ?? 0;
    if (held >= PDF_REQUESTS_PER_KEY) return null;
    this.underWay.set(id, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.underWay.get(id) ?? 1) - 1;
      if (left > 0) this.underWay.set(id, left);
      else this.underWay.delete(id);
    };
  }
}
