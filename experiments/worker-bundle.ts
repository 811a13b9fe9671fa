// The entry of cell worker threads: a one-file bundle of cell-thread.ts (starts in ~0.1 s, where loading every module
// through tsx takes ~1.5 s per thread), rebuilt when a source changes; the tsx-loading .js entry as the fallback.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gitCommit, repositoryRoot } from '../src/io/provenance-io.ts';
import { cachedBundle } from '../src/io/bundle-io.js';
import type { ThreadData } from './cell-thread.ts';

/** What piscina needs to start a cell thread. */
export interface WorkerEntry {
  readonly filename: string;
  readonly name: string;
  readonly workerData: ThreadData;
}

/** The cell thread's bundle (src/io/bundle-io.js: built on first use after a source change). */
function bundle(): Promise<string> {
  const root = repositoryRoot();
  return cachedBundle(root, 'cell-worker', fileURLToPath(new URL('./cell-thread.ts', import.meta.url)));
}

/**
 * The thread entry: the bundle (built on first use after a source change; HSIM_NO_BUNDLE=1 skips it), or, when
 * bundling is impossible, cell-worker.js, which registers tsx in the thread and loads cell-thread.ts. Each thread
 * is handed this process's git commit, and `prime`: cells whose settings it rehearses on a small generated trace
 * as it starts (see cell-thread.ts).
 */
export async function cellWorkerEntry(prime: ThreadData['prime'] = []): Promise<WorkerEntry> {
  const data: ThreadData = { commit: gitCommit(), prime };
  if (process.env.HSIM_NO_BUNDLE !== '1') {
    try {
      return { filename: pathToFileURL(await bundle()).href, name: 'runThreadCell', workerData: data };
    } catch {
      // Fall through to the loader: slower to start, same results.
    }
  }
  return { filename: new URL('./cell-worker.js', import.meta.url).href, name: 'default', workerData: data };
}
