/**
 * A PDF worker thread's entry (renderPool.ts starts it; the server bundle builds it as
 * dist/pdfWorker.js): makes one PDF per message, one at a time, and answers with its bytes or
 * the error's text.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { makePdf, type PdfJob } from './pdfJobs';

export interface PdfRequest {
  id: number;
  job: PdfJob;
}

export type PdfAnswer =
  | { id: number; bytes: Uint8Array; disposition: string }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('pdfWorker.ts runs as a worker thread (renderPool.ts)');

/**
 * This thread yields to the one answering requests when the machine's cores are all busy: on
 * Linux a thread has its own nice value, set through its thread id. Elsewhere it stays as it is.
 */
function yieldToRequests(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // No /proc/thread-self (not Linux), or not allowed: the worker runs at the server's priority.
  }
}
yieldToRequests();

port.on('message', async ({ id, job }: PdfRequest) => {
  let answer: PdfAnswer;
  try {
    answer = { id, ...(await makePdf(job)) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(answer);
});
