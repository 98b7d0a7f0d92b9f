/**
 * The per-person write rate (docs/OPERATIONS.md, "Limits"): every call of a signed-in person
 * that changes something (not a GET) takes a token from that person's bucket, which refills at
 * `perMinute` a minute and holds at most `burst`. Kept in this instance's memory, so the
 * autosave path gains no database round trip; behind a load balancer each instance counts its
 * own share, so a person may write up to that many times the rate in all.
 */

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (milliseconds). */
  at: number;
}

/** Buckets of people who stopped writing are full again and dropped past this many. */
const PRUNE_ABOVE = 10_000;

export class WriteRate {
  private readonly buckets = new Map<number, Bucket>();
  private readonly perMs: number;

  constructor(
    perMinute: number,
    private readonly burst: number,
    private readonly now: () => number,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes one write of `userId`'s: 0 when it may go ahead, else the seconds until it may. */
  take(userId: number): number {
    const now = this.now();
    const bucket = this.buckets.get(userId) ?? { tokens: this.burst, at: now };
    // A clock set back (the test clock, or the system's) refills nothing rather than draining.
    const elapsed = Math.max(0, now - bucket.at);
    bucket.tokens = Math.min(this.burst, bucket.tokens + elapsed * this.perMs);
    bucket.at = now;
    if (!this.buckets.has(userId)) {
      if (this.buckets.size >= PRUNE_ABOVE) this.prune(now);
      this.buckets.set(userId, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  private prune(now: number): void {
    for (const [userId, bucket] of this.buckets)
      if (bucket.tokens + Math.max(0, now - bucket.at) * this.perMs >= this.burst)
        this.buckets.delete(userId);
  }
}
