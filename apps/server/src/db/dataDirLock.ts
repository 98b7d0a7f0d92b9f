/**
 * PGlite takes no lock of its own, and two processes opening one data folder corrupt it.
 * An exclusive lock file holding our pid keeps a second process (e.g. the admin command
 * while the server runs) out with a clear message; a lock left by a dead process is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isFinite(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DataDirLockedError(
          `The database in ${dataDir} is in use by another process (pid ${holder}). ` +
            'Stop the server first, or set DATABASE_URL to use a PostgreSQL server that several processes can share.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}.`);
}
