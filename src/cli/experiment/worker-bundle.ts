// The entry of cell worker threads: a one-file bundle of cell-thread.ts (starts in ~0.1 s, where loading every module
// through tsx takes ~1.5 s per thread), rebuilt when a source changes; the tsx-loading .js entry as the fallback.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { repositoryRoot } from '../provenance.ts';
import type { LoadedTraceEntry } from './cell-task.ts';
import type { Trace } from '../../trace/trace.ts';

/** What piscina needs to start a cell thread. */
export interface WorkerEntry {
  readonly filename: string;
  readonly name: string;
  readonly workerData?: unknown;
}

const SOURCE_DIRS = ['src', 'sim', 'traces', 'analysis'];
// Spelled in pieces: the CLI bundle (bin/hsim.js) rewrites that expression wherever it appears in this file's text.
const MODULE_URL = ['import', 'meta', 'url'].join('.');

/** A key over every source file's path, size and modification time, and package.json. */
function sourceKey(root: string): string {
  const h = createHash('sha256');
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|json)$/.test(e.name) && !e.name.endsWith('.test.ts')) {
        const s = statSync(p);
        h.update(`${p}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  for (const d of SOURCE_DIRS) if (existsSync(join(root, d))) walk(join(root, d));
  h.update(readFileSync(join(root, 'package.json')));
  return h.digest('hex').slice(0, 20);
}

async function bundle(): Promise<string> {
  const root = repositoryRoot();
  const cacheDir = join(root, 'node_modules', '.cache', 'hsim');
  const file = join(cacheDir, `cell-worker-${sourceKey(root)}.mjs`);
  if (existsSync(file)) return file;
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [fileURLToPath(new URL('./cell-thread.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile: tmp,
    logLevel: 'silent',
    // Each module keeps its own import.meta.url, so paths it resolves relative to itself still work.
    plugins: [{
      name: 'keep-module-urls',
      setup(b) {
        b.onLoad({ filter: /\.ts$/ }, (args) => ({
          contents: readFileSync(args.path, 'utf8').replaceAll(MODULE_URL, JSON.stringify(pathToFileURL(args.path).href)),
          loader: 'ts',
        }));
      },
    }],
  });
  // Remove older bundles, never this one (a concurrent process may have published it and be loading it).
  const own = basename(file);
  for (const old of readdirSync(cacheDir)) if (/^cell-worker-[0-9a-f]+\.mjs$/.test(old) && old !== own) rmSync(join(cacheDir, old), { force: true });
  renameSync(tmp, file);
  return file;
}

/**
 * The thread entry: the bundle (built on first use after a source change; HSIM_NO_BUNDLE=1 skips it), or, when
 * bundling is impossible, cell-worker.js, which registers tsx in the thread and loads cell-thread.ts. `traces`
 * (read and checked here) are copied into each thread, so threads do not read them again.
 */
export async function cellWorkerEntry(loaded: readonly LoadedTraceEntry[] = []): Promise<WorkerEntry> {
  // Typed arrays on shared memory are handed to threads without a copy: every thread reads the same trace.
  const traces = loaded.map((l) => ({ ...l, trace: { ...l.trace, trace: sharedTrace(l.trace.trace) } }));
  if (process.env.HSIM_NO_BUNDLE !== '1') {
    try {
      return { filename: pathToFileURL(await bundle()).href, name: 'runCellTask', workerData: { traces } };
    } catch {
      // Fall through to the loader: slower to start, same results.
    }
  }
  return { filename: new URL('./cell-worker.js', import.meta.url).href, name: 'default', workerData: { tsxApi: import.meta.resolve('tsx/esm/api'), traces } };
}

/** A copy of the trace whose columns live in SharedArrayBuffers (read-only by convention, as traces are). */
function sharedTrace(t: Trace): Trace {
  const share = <A extends Float64Array | Int32Array>(a: A, make: (b: SharedArrayBuffer) => A): A => {
    const out = make(new SharedArrayBuffer(a.byteLength));
    out.set(a);
    return out;
  };
  const f64 = (a: Float64Array): Float64Array => share(a, (b) => new Float64Array(b));
  const i32 = (a: Int32Array): Int32Array => share(a, (b) => new Int32Array(b));
  return {
    ...t,
    arrival: f64(t.arrival),
    duration: f64(t.duration),
    keyId: i32(t.keyId),
    classId: t.classId ? i32(t.classId) : null,
    size: t.size ? f64(t.size) : null,
  };
}
