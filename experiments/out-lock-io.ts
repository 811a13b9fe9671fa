// The lock of an output folder: one `hsim run` or `hsim sweep` writes a folder's cells and results at a time.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { outputError } from '../src/io/atomic-io.ts';
import { isAlive } from './experiment-run-io.ts';

/** The lock file's name inside the output folder. */
export const OUT_LOCK = '.hsim-run.lock';

/** The commands that write an output folder's cells. */
export type LockingCommand = 'run' | 'sweep';

/** Who holds a lock: the process id, host name and command written into the lock file (locks of older versions name no command: a run). */
interface Holder {
  readonly pid: number;
  readonly host: string;
  readonly command: LockingCommand;
}

/**
 * Takes the lock of `outDir` (creating the folder): a file created with O_EXCL holding this process's pid and host.
 * A lock left by a process of this host that is gone is taken over, with `warn` told; a lock held by a live process,
 * or by another host (whose processes cannot be asked), is InputError naming the holder. Returns the release, which
 * removes the file if it is still this process's.
 */
export function lockOutFolder(outDir: string, warn: (line: string) => void, command: LockingCommand = 'run'): () => void {
  const path = join(outDir, OUT_LOCK);
  const me: Holder = { pid: process.pid, host: hostname(), command };
  try {
    mkdirSync(outDir, { recursive: true });
  } catch (err) {
    throw outputError(outDir, err);
  }
  for (let attempt = 0; ; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw outputError(path, err);
      const holder = readHolder(path);
      if (attempt === 0 && holder !== null && holder.host === me.host && !isAlive(holder.pid)) {
        warn(msg.outLockStale(path, holder));
        rmSync(path, { force: true });
        continue;
      }
      throw new InputError(msg.outLockHeld(outDir, path, holder));
    }
    try {
      writeSync(fd, `${JSON.stringify(me)}\n`);
    } finally {
      closeSync(fd);
    }
    return () => {
      const holder = readHolder(path);
      if (holder !== null && holder.pid === me.pid && holder.host === me.host) rmSync(path, { force: true });
    };
  }
}

/** The holder a lock file names, or null when it cannot be read or is not a lock of this shape. */
function readHolder(path: string): Holder | null {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>;
    const command = v.command === 'sweep' ? 'sweep' : 'run';
    return typeof v.pid === 'number' && Number.isSafeInteger(v.pid) && v.pid > 0 && typeof v.host === 'string' ? { pid: v.pid, host: v.host, command } : null;
  } catch {
    return null;
  }
}
