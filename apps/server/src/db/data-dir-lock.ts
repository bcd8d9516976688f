import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is an embedded database: only one process may open its data directory at a time, or the files are
 * corrupted. The server and the management CLI both take this lock; a stale lock (dead pid) is taken over.
 */
export function acquireDataDirLock(dataDir: string, holder: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'db.lock');
  try {
    const [pidText, otherHolder] = readFileSync(lockFile, 'utf8').trim().split(' ');
    const pid = Number(pidText);
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by the ${otherHolder ?? 'server'} (pid ${pid}). ` +
          'Stop it first, or run both against PostgreSQL with DATABASE_URL.',
      );
    }
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
  }
  writeFileSync(lockFile, `${process.pid} ${holder}\n`);
  return () => rmSync(lockFile, { force: true });
}
