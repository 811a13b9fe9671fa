// Parallel conversion of a big plain CSV table: line-aligned byte ranges converted on threads, written in order here.
import * as msg from './messages.ts';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { cachedBundle } from '../src/io/bundle-io.js';
import { InputError } from '../src/errors.ts';
import { repositoryRoot } from '../src/io/provenance-io.ts';
import type { RowCounts, TraceMeta, TraceMetaInput } from '../traces/trace-meta.ts';
import { TraceWriter } from '../traces/trace-writer.ts';
import type { ConverterSpec } from './converter-format.ts';
import type { RangeDone, RangeFailed, RangeTask, RecycledBuffer, ThreadSetup } from './convert-thread.ts';
import { hashFileOnThread } from './hash-file.ts';
import { scanLines, sniffGzip } from './line-source.ts';
import { RejectsWriter } from './rejects-writer.ts';
import { LINE_SKIP, type RowParser } from './row-parser.ts';

/** Inputs smaller than this (bytes, two ranges) are converted on one thread: starting threads costs more than it saves. */
export const PARALLEL_MIN_BYTES = 16 << 20;

/** Bytes of input per range (cut after the next newline). Fixed, so a `.csv.gz`'s members do not depend on the thread count. */
export const RANGE_BYTES = 8 << 20;

/**
 * The default of `--threads`: the cores Node may use, at most 8 (the main thread writes; more threads only wait on it).
 * Any count writes the same bytes, a `.csv.gz`'s members included (one a range): 1 is one conversion thread.
 */
export function defaultThreads(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

/** One parallel conversion: what convertFile hands over. */
export interface ParallelJob {
  input: string;
  paths: { trace: string; meta: string; rejects: string };
  spec: ConverterSpec;
  strict: boolean;
  signal?: AbortSignal | undefined;
  gzipLevel: number;
  /** Conversion threads (besides this one, which writes). */
  threads: number;
  /** Smallest input converted in parallel, and the range size (defaults PARALLEL_MIN_BYTES, RANGE_BYTES; tests use tiny ones). */
  minBytes?: number | undefined;
  rangeBytes?: number | undefined;
  /** The caller's part of the meta for the counted rows and the source's SHA-256. */
  metaInput: (rows: RowCounts, sourceSha: string, header: Record<string, string> | undefined) => TraceMetaInput;
}

/** The outcome of a parallel pass, as the one-thread pass reports it (disorder: the input must be sorted). */
export interface ParallelPass {
  rows: RowCounts;
  disorder: boolean;
  meta: TraceMeta | null;
  /** Conversion threads used. */
  threads: number;
}

/**
 * Converts `job.input` on `job.threads` threads when it can: a plain (not gzip) file of at least `minBytes` whose
 * format is a CSV table (ConverterSpec.table). This thread reads the header, cuts the rest into ranges that end
 * after a newline, and writes each range's rows, rejects (line numbers made absolute) and counts in order, so the
 * trace (decompressed), the meta's counts and SHA-256s and the rejects file are those of the one-thread pass. Returns
 * null when it does not apply or a thread failed (nothing left behind: the caller converts on one thread, which
 * reports any error as usual); `disorder` when a row came out of arrival order (the caller sorts). Throws what the
 * one-thread pass throws for the header, a reject under `strict`, no data rows and no kept row.
 */
export async function convertParallel(job: ParallelJob): Promise<ParallelPass | null> {
  const st = statSync(job.input, { throwIfNoEntry: false });
  const table = job.spec.table;
  if (job.threads < 1 || table === undefined || st?.isFile() !== true || st.size < (job.minBytes ?? PARALLEL_MIN_BYTES) || sniffGzip(job.input)) return null;
  const parser = job.spec.createParser(job.input);
  const head = await readHeader(job.input, parser);
  if (head === null) return null;
  const tasks = cutRanges(job.input, head.end, st.size, job.rangeBytes ?? RANGE_BYTES);
  if (tasks.length === 0) return null;
  const entry = await threadEntry();
  const setup: ThreadSetup & { tsxApi?: string } = {
    kind: 'convert-range',
    input: job.input,
    table,
    header: head.bytes,
    headerLine: head.line,
    gzipLevel: /\.gz$/i.test(job.paths.trace) ? job.gzipLevel : null,
    strict: job.strict,
    ...(entry.tsxApi === null ? {} : { tsxApi: entry.tsxApi }),
  };
  const threads = Math.min(job.threads, tasks.length);
  const workers: Worker[] = [];
  const rows: RowCounts = { read: 0, kept: 0, rejected: 0, rejected_by_reason: {} };
  const rejects = new RejectsWriter(job.paths.rejects);
  let writer: TraceWriter | null = null;
  const sourceHash = hashFileOnThread(job.input);
  let committed = false;
  try {
    writer = new TraceWriter(job.paths.trace, parser.columns, { gzipLevel: job.gzipLevel, gzipMembers: true });
    const results = new Map<number, { r: RangeDone | RangeFailed; from: Worker }>();
    const idle: Worker[] = [];
    let failure = false;
    let wake: (() => void) | null = null;
    let next = 0;
    let done = 0;
    // At most two ranges a thread are converted ahead of the one being written (bounded memory).
    const dispatch = (): void => {
      while (idle.length > 0 && next < tasks.length && next < done + 2 * threads) idle.pop()!.postMessage(tasks[next++]);
    };
    for (let i = 0; i < threads; i++) {
      const w = new Worker(entry.url, { workerData: setup });
      w.on('message', (m: RangeDone | RangeFailed) => {
        results.set(m.index, { r: m, from: w });
        idle.push(w);
        dispatch();
        wake?.();
      });
      // A thread that fails or ends before the last range is written (it cannot start, say): one thread converts instead.
      const fail = (): void => {
        failure = true;
        wake?.();
      };
      w.once('error', fail);
      w.once('exit', fail);
      workers.push(w);
      idle.push(w);
    }
    dispatch();
    let lineBase = head.line;
    while (done < tasks.length) {
      if (job.signal?.aborted) throw new InputError(msg.convertInterrupted(job.input));
      const got = results.get(done);
      if (got === undefined) {
        if (failure) return null;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = null;
        continue;
      }
      results.delete(done);
      const r = got.r;
      if ('error' in r) return null;
      addCounts(rows, r.rows);
      if (job.strict && r.rejectLines.length > 0) throw new InputError(msg.convertStrictReject(job.input, lineBase + r.rejectLines[0]!, r.rejectReasons[0]!));
      if (r.disorder || (r.batch.rows > 0 && !writer.accepts(r.batch.first))) return { rows, disorder: true, meta: null, threads };
      for (let i = 0; i < r.rejectLines.length; i++) rejects.addText(lineBase + r.rejectLines[i]!, r.rejectReasons[i]!, r.rejectTexts[i]!);
      await writer.append(r.batch, r.member);
      // Written (and hashed or copied for hashing): the memory goes back to its thread for a later range.
      const mem = r.batch.bytes.buffer as ArrayBuffer;
      if (mem.byteLength >= 1 << 16) got.from.postMessage({ recycle: mem } satisfies RecycledBuffer, [mem]);
      lineBase += r.lines;
      done++;
      dispatch();
    }
    if (rows.read === 0) throw new InputError(msg.convertNoDataRows(job.input, job.spec.format));
    if (rows.kept === 0) throw new InputError(msg.convertNoRowKept(job.input, rows.read, JSON.stringify(rows.rejected_by_reason)));
    rejects.close();
    const meta = await writer.commit(job.metaInput(rows, await sourceHash, parser.header()), [{ tmpPath: rejects.tmpPath, target: job.paths.rejects }]);
    committed = true;
    return { rows, disorder: false, meta, threads };
  } finally {
    for (const w of workers) void w.terminate();
    if (!committed) {
      void sourceHash.catch(() => undefined);
      writer?.abort();
      rejects.abort();
    }
  }
}

/** Adds a range's counts to the total; reasons keep the order of their first occurrence in the file. */
function addCounts(total: RowCounts, part: RowCounts): void {
  total.read += part.read;
  total.kept += part.kept;
  total.rejected += part.rejected;
  const by = total.rejected_by_reason;
  for (const [reason, n] of Object.entries(part.rejected_by_reason)) by[reason] = (by[reason] ?? 0) + n;
}

/**
 * Reads lines with `parser` until it has its header: the header line's bytes, number and the offset after it, or
 * null when the file has none or a row comes first (then the one-thread pass decides). Throws what the parser throws.
 */
async function readHeader(input: string, parser: RowParser): Promise<{ bytes: Uint8Array; line: number; end: number } | null> {
  let found: { bytes: Uint8Array; line: number } | null = null;
  const scan = await scanLines(
    input,
    (buf, start, end, line, overlong) => {
      const r = overlong ? parser.overlong(buf, start, end, line) : parser.parse(buf, start, end, line);
      if (r !== LINE_SKIP) return true;
      if (parser.ready !== true) return false;
      found = { bytes: Uint8Array.from(buf.subarray(start, end)), line };
      return true;
    },
    { hash: false },
  );
  return found === null || !scan.stopped ? null : { ...(found as { bytes: Uint8Array; line: number }), end: scan.stoppedAt };
}

/** Ranges of about `rangeBytes` from `from` to `size`, each ending just after a newline (the last at the end of the file). */
function cutRanges(input: string, from: number, size: number, rangeBytes: number): RangeTask[] {
  const tasks: RangeTask[] = [];
  const fd = openSync(input, 'r');
  const buf = Buffer.allocUnsafe(1 << 16);
  try {
    for (let start = from; start < size; ) {
      let end = size;
      for (let at = start + rangeBytes - 1; at < size; ) {
        const n = readSync(fd, buf, 0, buf.length, at);
        if (n <= 0) break;
        const nl = buf.subarray(0, n).indexOf(10);
        if (nl >= 0) {
          end = at + nl + 1;
          break;
        }
        at += n;
      }
      tasks.push({ index: tasks.length, start, end });
      start = end;
    }
  } finally {
    closeSync(fd);
  }
  return tasks;
}

/**
 * The conversion threads' entry: a one-file bundle of convert-thread.ts (src/io/bundle-io.js, rebuilt when a source
 * changes; HSIM_NO_BUNDLE=1 skips it), else convert-thread.js, which registers tsx in the thread (slower to start).
 */
async function threadEntry(): Promise<{ url: URL; tsxApi: string | null }> {
  if (process.env.HSIM_NO_BUNDLE !== '1') {
    try {
      const file = await cachedBundle(repositoryRoot(), 'convert-thread', fileURLToPath(new URL('./convert-thread.ts', import.meta.url)));
      return { url: pathToFileURL(file), tsxApi: null };
    } catch {
      // Fall through to the loader: slower to start, same bytes.
    }
  }
  return { url: new URL('./convert-thread.js', import.meta.url), tsxApi: import.meta.resolve('tsx/esm/api') };
}
