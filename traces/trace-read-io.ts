// Reading a trace on a command's behalf: readTrace, with each cache warning printed on stderr once per process.
import * as msg from './messages.ts';
import type { WarmStateStore } from '../src/predictor/warm-store.ts';
import { defaultCacheDir, readTrace, type LoadedTrace } from './trace-io.ts';
import { diskWarmStore } from './warm-cache-io.ts';

const printed = new Set<string>();

/** The line printed for a cache warning (the run goes on from the CSV, so it is a warning, not an error). */
export function cacheWarningLine(warning: string): string {
  return `hsim: warning: trace cache: ${warning}\n`;
}

/**
 * readTrace for the CLI: the same result, and when the binary cache could not be used or written, one line on
 * stderr saying why — printed once per process for a given reason, however many cells read the trace.
 * @throws what readTrace throws.
 */
export async function readTraceForCli(path: string, opts: { cache?: boolean; cacheDir?: string } = {}): Promise<LoadedTrace> {
  const loaded = await readTrace(path, opts);
  if (loaded.cacheWarning !== null && !printed.has(loaded.cacheWarning)) {
    printed.add(loaded.cacheWarning);
    process.stderr.write(cacheWarningLine(loaded.cacheWarning));
  }
  return loaded;
}

/**
 * The warm-start store of a trace read for a command: files beside the trace cache (same folder), each warning printed
 * on stderr once per process; null with the cache off (`--no-cache`).
 */
export function warmStoreForCli(loaded: LoadedTrace, opts: { cache?: boolean; cacheDir?: string } = {}): WarmStateStore | null {
  if (opts.cache === false) return null;
  return diskWarmStore(opts.cacheDir ?? defaultCacheDir(), loaded.trace, loaded.sha256, (warning) => {
    const line = msg.warmCacheWarningLine(warning);
    if (printed.has(line)) return;
    printed.add(line);
    process.stderr.write(line);
  });
}
