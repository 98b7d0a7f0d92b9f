/**
 * Autosaves written together (issue 17). At most `STATEMENTS_AT_ONCE` autosave statements run at a
 * time on a database; autosaves that arrive meanwhile wait, and when a statement ends the waiting
 * ones go together in the next (`writeAutosaves`). An autosave on a quiet server goes at once, so
 * nothing waits that need not; under a storm of typing, one statement carries many autosaves and
 * the database starts one plan, commits once and wakes each listener once for all of them, which
 * is most of what a single autosave costs it (bench/RESULTS.md, "Autosaves written together").
 *
 * Per comment, this instance writes autosaves in the order they arrived: while one is waiting or
 * being written, later ones of the same comment wait behind it.
 */
import type { Queryable } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { type Autosave, type WrittenAutosave, writeAutosaves } from './commentWrite';

/**
 * Two keep both of the database's cores busy on the 2-core bench machine while the next batch
 * gathers; more run in parallel but each carries fewer autosaves (measured: bench/RESULTS.md).
 */
const STATEMENTS_AT_ONCE = 2;
/** Bounds one statement's work, so that a very long queue is written in several. */
const AUTOSAVES_PER_STATEMENT = 32;

interface Waiting {
  autosave: Autosave;
  resolve(written: WrittenAutosave | undefined): void;
  reject(error: unknown): void;
}

export class AutosaveQueue {
  /**
   * Waiting autosaves by comment, oldest first. A statement takes the head of each comment not
   * being written, so a flood of one comment costs the others nothing and each pick looks at no
   * more comments than a statement's worth plus those being written.
   */
  private readonly waiting = new Map<number, Waiting[]>();
  /** Comments in a running statement. */
  private readonly writing = new Set<number>();
  private running = 0;

  constructor(private readonly db: Queryable) {}

  /** The row written, or undefined when nothing was (the caller runs the checked path). */
  write(autosave: Autosave): Promise<WrittenAutosave | undefined> {
    return new Promise((resolve, reject) => {
      const waiting = { autosave, resolve, reject };
      const ofComment = this.waiting.get(autosave.id);
      if (ofComment) ofComment.push(waiting);
      else this.waiting.set(autosave.id, [waiting]);
      this.startStatements();
    });
  }

  private startStatements(): void {
    while (this.running < STATEMENTS_AT_ONCE) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      this.running += 1;
      for (const { autosave } of batch) this.writing.add(autosave.id);
      void this.run(batch).finally(() => {
        this.running -= 1;
        for (const { autosave } of batch) this.writing.delete(autosave.id);
        this.startStatements();
      });
    }
  }

  /** The oldest waiting autosave of each comment not being written, up to a statement's worth. */
  private takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    for (const [id, ofComment] of this.waiting) {
      if (batch.length === AUTOSAVES_PER_STATEMENT) break;
      if (this.writing.has(id)) continue;
      batch.push(ofComment.shift()!);
      if (ofComment.length === 0) this.waiting.delete(id);
    }
    return batch;
  }

  private async run(batch: Waiting[]): Promise<void> {
    let written: (WrittenAutosave | undefined)[];
    try {
      written = await writeAutosaves(
        this.db,
        batch.map((waiting) => waiting.autosave),
      );
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      else await this.runOneByOne(batch);
      return;
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(written[index]);
  }

  /** One autosave's trouble (say, a deadlock with another transaction) is answered to it alone. */
  private async runOneByOne(batch: Waiting[]): Promise<void> {
    for (const waiting of batch) {
      try {
        const [written] = await writeAutosaves(this.db, [waiting.autosave]);
        waiting.resolve(written);
      } catch (error) {
        waiting.reject(error);
      }
    }
  }
}

/** One queue per database handle. */
export const autosaveQueueOf = preparedPer((db) => new AutosaveQueue(db));
