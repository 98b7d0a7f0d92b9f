/**
 * PDFs are made in a small pool of worker threads, never on the event loop that answers
 * everyone's requests: pdfkit spends a quarter of a second of CPU on a long charter, and 120 of
 * them at once froze an instance for 26 s (security audit of 2026-11-28, finding 1).
 *
 * Admission: at most `renders` PDFs are made at once and `queue` more wait; one organisation may
 * hold at most `perOrganisation` of those places, so it cannot take them all. A call beyond that
 * is refused at once, before its records are read, with 503 and Retry-After. The workers start
 * with the first PDF asked for (an idle server never starts one, nor loads pdfkit and its fonts)
 * and stop after a minute without work, giving their memory back.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_MESSAGES } from '@keystone/contract';
import type { Config } from '../../config';
import { busy } from '../../core/errors';
import type { MadePdf, PdfJob } from './pdfJobs';
import type { PdfAnswer, PdfRequest } from './pdfWorker';

const IDLE_WORKER_MS = 60_000;

/**
 * The worker's entry beside this module: dist/pdfWorker.js in the server bundle, where every file
 * sits in one folder (scripts/build-server.mjs); pdfWorker.ts from the sources (under tsx or a
 * test runner). Node 20 does not apply a worker's `--import tsx` hooks to the worker's own entry,
 * so a TypeScript entry is imported through tsx's API by a one-line module.
 */
const here = fileURLToPath(import.meta.url);
const entry = pathToFileURL(path.join(path.dirname(here), `pdfWorker${path.extname(here)}`));

function workerUrl(): URL {
  if (!entry.pathname.endsWith('.ts')) return entry;
  // tsx names the CommonJS file of its ESM API for require(); the module sits beside it.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const source = `import { tsImport } from ${JSON.stringify(pathToFileURL(api).href)};
await tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

interface Pending {
  request: PdfRequest;
  startedAt: number;
  resolve: (made: MadePdf) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  job?: Pending;
  idleTimer?: NodeJS.Timeout;
}

export class PdfRenderPool {
  private admitted = 0;
  private readonly byOrganisation = new Map<number, number>();
  private readonly waiting: Pending[] = [];
  private readonly workers = new Set<PoolWorker>();
  private nextId = 1;
  /** How long one PDF took lately (a moving average), for Retry-After. */
  private typicalMs = 500;

  constructor(private readonly limits: Config['pdf']) {}

  /**
   * Makes the PDF `prepare` describes, for someone of `organisationId`, or refuses at once with
   * 503 when this instance (or that organisation's share of it) is full.
   */
  async render(organisationId: number, prepare: () => Promise<PdfJob>): Promise<MadePdf> {
    const held = this.byOrganisation.get(organisationId) ?? 0;
    if (this.admitted >= this.limits.renders + this.limits.queue || held >= this.limits.perOrganisation) {
      throw busy(PDF_MESSAGES.busy, this.retryAfterSeconds());
    }
    this.admitted++;
    this.byOrganisation.set(organisationId, held + 1);
    try {
      const job = await prepare();
      return await new Promise<MadePdf>((resolve, reject) => {
        this.waiting.push({ request: { id: this.nextId++, job }, startedAt: 0, resolve, reject });
        this.dispatch();
      });
    } finally {
      this.admitted--;
      const left = (this.byOrganisation.get(organisationId) ?? 1) - 1;
      if (left > 0) this.byOrganisation.set(organisationId, left);
      else this.byOrganisation.delete(organisationId);
    }
  }

  /** Stops every worker; nothing is waiting by then (the server has answered its requests). */
  async close(): Promise<void> {
    const stopping = new Error('The server is shutting down.');
    for (const pending of this.waiting.splice(0)) pending.reject(stopping);
    const workers = [...this.workers];
    this.workers.clear();
    await Promise.all(
      workers.map((entry) => {
        clearTimeout(entry.idleTimer);
        entry.job?.reject(stopping);
        return entry.worker.terminate();
      }),
    );
  }

  /** About when the PDFs admitted now will be made, in whole seconds, 1 to 60. */
  retryAfterSeconds(): number {
    const seconds = Math.ceil(((this.admitted / this.limits.renders) * this.typicalMs) / 1000);
    return Math.min(60, Math.max(1, seconds));
  }

  /** Hands waiting PDFs to free workers, starting workers up to `renders`. */
  private dispatch(): void {
    while (this.waiting.length > 0) {
      let free: PoolWorker | undefined;
      for (const entry of this.workers) if (!entry.job) free = entry;
      if (!free && this.workers.size < this.limits.renders) free = this.startWorker();
      if (!free) return;
      const pending = this.waiting.shift()!;
      clearTimeout(free.idleTimer);
      free.job = pending;
      pending.startedAt = performance.now();
      free.worker.postMessage(pending.request);
    }
  }

  private startWorker(): PoolWorker {
    // A bound on a worker's heap: a document that needed more would fail alone (500), not take the machine's memory.
    const entry: PoolWorker = {
      worker: new Worker(workerUrl(), { resourceLimits: { maxOldGenerationSizeMb: 256 } }),
    };
    // A worker never keeps the process alive; close() stops them on shutdown.
    entry.worker.unref();
    this.workers.add(entry);
    entry.worker.on('message', (answer: PdfAnswer) => {
      const pending = entry.job;
      entry.job = undefined;
      if (pending?.request.id === answer.id) {
        if ('error' in answer) pending.reject(new Error(`The PDF worker failed: ${answer.error}`));
        else {
          this.typicalMs = 0.8 * this.typicalMs + 0.2 * (performance.now() - pending.startedAt);
          pending.resolve({ bytes: answer.bytes, disposition: answer.disposition });
        }
      }
      this.stopWhenIdle(entry);
      this.dispatch();
    });
    const lost = (error: Error) => {
      if (!this.workers.delete(entry)) return;
      clearTimeout(entry.idleTimer);
      entry.job?.reject(error);
      entry.job = undefined;
      this.dispatch();
    };
    entry.worker.on('error', lost);
    entry.worker.on('exit', (code) => lost(new Error(`The PDF worker stopped (exit code ${code}).`)));
    return entry;
  }

  private stopWhenIdle(entry: PoolWorker): void {
    clearTimeout(entry.idleTimer);
    entry.idleTimer = setTimeout(() => {
      if (entry.job || !this.workers.delete(entry)) return;
      void entry.worker.terminate();
    }, IDLE_WORKER_MS);
    entry.idleTimer.unref();
  }
}
