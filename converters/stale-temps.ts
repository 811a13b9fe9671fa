// Removing the temporary files and spill folders that a killed conversion left beside its outputs.
import { readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Removes, beside each of `targets`, the temporaries of conversions whose process is gone: `.NAME.PID.RANDOM.tmp`
 * files (trace, meta, rejects; see `tempPathFor`) and `.NAME.PID.sort-RANDOM.tmp` spill folders. A temporary of a live
 * process (another conversion still running, or this one) is left alone. Returns the paths removed.
 */
export function removeStaleTemps(targets: readonly string[], alive: (pid: number) => boolean = processAlive): string[] {
  const removed: string[] = [];
  const byDir = new Map<string, Set<string>>();
  for (const t of targets) {
    const names = byDir.get(dirname(t)) ?? new Set<string>();
    names.add(basename(t));
    byDir.set(dirname(t), names);
  }
  for (const [dir, names] of byDir) {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      continue; // No folder yet: nothing stale in it.
    }
    for (const e of entries.sort()) {
      const m = /^\.(.+)\.(\d+)\.(?:[0-9a-f]+|sort-[0-9a-f]+)\.tmp$/.exec(e);
      if (m === null || !names.has(m[1]!)) continue;
      const pid = Number(m[2]);
      if (pid === process.pid || alive(pid)) continue;
      rmSync(join(dir, e), { recursive: true, force: true });
      removed.push(join(dir, e));
    }
  }
  return removed;
}

/** Whether a process with this id exists (signal 0 probes without signalling; EPERM means it exists). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
