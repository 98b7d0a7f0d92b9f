// Resident memory of a server process, read from /proc/PID/status (VmRSS).
import { readFileSync } from 'node:fs';

/** Resident memory of a process in bytes. */
export function rss(pid) {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match[1]) * 1024;
}

/** Samples a process's RSS every `everyMs` until stop(), which returns the largest sample. */
export function sampleMaxRss(pid, everyMs = 100) {
  let max = rss(pid);
  const timer = setInterval(() => {
    max = Math.max(max, rss(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(max, rss(pid));
    },
  };
}
