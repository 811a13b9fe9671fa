// Runs one conversion end to end: stream the input, account every row, write trace + meta + rejects atomically.
import * as msg from './messages.ts';
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { InputError } from '../src/errors.ts';
import type { RowCounts, TraceMeta, TraceMetaInput } from '../traces/trace-meta.ts';
import { specOptions, type ConverterSpec } from './convert-options.ts';
import { hashFileOnThread } from './hash-file.ts';
import { scanLines } from './line-source.ts';
import { RejectsWriter } from './rejects-writer.ts';
import { tallyLine } from './line-tally.ts';
import { convertParallel, defaultThreads } from './parallel-convert.ts';
import { LINE_KEPT, LINE_SKIP } from './row-parser.ts';
import { SpillSorter } from './spill-sort.ts';
import { removeStaleTemps } from './stale-temps.ts';
import { TraceWriter } from '../traces/trace-writer.ts';

/** Version of the converters' row rules, recorded in every meta sidecar. */
export const CONVERTER_VERSION = '1.0.0';

/** Sources larger than this (bytes) are hashed on a worker thread in parallel with parsing. */
const HASH_THREAD_BYTES = 32 << 20;

/** One conversion to run. `output` null means count only (`--check`): nothing is written. */
export interface ConvertRequest {
  input: string;
  output: string | null;
  spec: ConverterSpec;
  /** Any rejected row fails the conversion (InputError naming the line) and nothing is written. */
  strict: boolean;
  signal?: AbortSignal;
  /** zlib level of a `.csv.gz` output (default CONVERT_GZIP_LEVEL); recorded in the meta when not 6. */
  gzipLevel?: number;
  /** Rows sorted in memory per run of unsorted input before it is spilled (default SPILL_RUN_ROWS; tests force tiny runs). */
  sortRunRows?: number;
  /** Conversion threads for a big plain CSV table (default defaultThreads(), at least 1); the bytes written do not depend on it. */
  threads?: number;
  /** Smallest input converted on threads and the size of its ranges, in bytes (defaults in parallel-convert.ts; tests force tiny ones). */
  parallelBytes?: { min: number; range: number };
}

/**
 * The gzip level conversions write `.csv.gz` at unless told: level 1 compresses about three times faster than
 * zlib's default 6 (the meta then says `gzip_level: 1`) for files about 10 % larger.
 */
export const CONVERT_GZIP_LEVEL = 1;

/** What a conversion did. */
export interface ConvertOutcome {
  rows: RowCounts;
  /** The meta sidecar written, or null for a check. */
  meta: TraceMeta | null;
  paths: { trace: string; meta: string; rejects: string } | null;
  /** 1 when the input was already in arrival order (streamed), 2 when rows had to be held and sorted. */
  passes: number;
  /** Conversion threads that converted the rows written (parallel-convert.ts); 0: the one-thread pass, on this thread. */
  threads: number;
}

/** Output paths for `-o DIR/NAME.csv[.gz]`: the trace, `DIR/NAME.meta.json` and `DIR/NAME.rejects.jsonl`. */
export function outputPaths(target: string): { trace: string; meta: string; rejects: string } {
  const m = /^(.*)\.csv(\.gz)?$/.exec(target);
  if (m === null || m[1] === '' || m[1]!.endsWith('/')) throw new InputError(msg.convertOutputName(target));
  return { trace: target, meta: `${m[1]}.meta.json`, rejects: `${m[1]}.rejects.jsonl` };
}

/**
 * Converts `req.input` into the common format (or only counts, for a check). Streams the input once when its
 * rows come in arrival order (a big plain CSV table on `req.threads` threads: parallel-convert.ts, same bytes);
 * otherwise reads it a second time and sorts the parsed rows in bounded memory (SpillSorter: runs spilled to disk).
 * Throws InputError (exit 2) for unusable input, for zero data rows, for zero kept rows (when writing), and
 * for any reject under `strict`; then nothing is left behind.
 */
export async function convertFile(req: ConvertRequest): Promise<ConvertOutcome> {
  const paths = req.output === null ? null : outputPaths(req.output);
  if (paths === null) {
    const r = await runPass(req, 'check', null);
    return { rows: r.rows, meta: null, paths: null, passes: 1, threads: 0 };
  }
  // Temporaries of a killed earlier conversion to the same outputs (files, spill folders) go first.
  removeStaleTemps([paths.trace, paths.meta, paths.rejects]);
  const parallel = await convertParallel({
    input: req.input,
    paths,
    spec: req.spec,
    strict: req.strict,
    signal: req.signal,
    gzipLevel: req.gzipLevel ?? CONVERT_GZIP_LEVEL,
    threads: req.threads ?? defaultThreads(),
    minBytes: req.parallelBytes?.min,
    rangeBytes: req.parallelBytes?.range,
    metaInput: (rows, sourceSha, header) => metaInput(req, rows, sourceSha, header),
  });
  let r: PassResult = parallel ?? (await runPass(req, 'stream', paths));
  let passes = 1;
  if (r.disorder) {
    passes = 2;
    r = await runPass(req, 'buffer', paths);
  }
  return { rows: r.rows, meta: r.meta, paths, passes, threads: parallel !== null && !parallel.disorder ? parallel.threads : 0 };
}

interface PassResult {
  rows: RowCounts;
  disorder: boolean;
  meta: TraceMeta | null;
}

async function runPass(req: ConvertRequest, mode: 'check' | 'stream' | 'buffer', paths: { trace: string; meta: string; rejects: string } | null): Promise<PassResult> {
  const parser = req.spec.createParser(req.input);
  const rows: RowCounts = { read: 0, kept: 0, rejected: 0, rejected_by_reason: {} };
  const rejects = paths === null ? null : new RejectsWriter(paths.rejects);
  let writer = mode === 'stream' && paths !== null ? new TraceWriter(paths.trace, parser.columns, { gzipLevel: req.gzipLevel ?? CONVERT_GZIP_LEVEL }) : null;
  const buffer = mode === 'buffer' && paths !== null ? new SpillSorter(paths.trace, parser.columns.class, parser.columns.size, req.sortRunRows) : null;
  let disorder = false;
  // Time texts the parser found already in the trace's form are copied, not parsed and formatted again.
  const raw = parser.raw ?? null;
  // A big source is hashed on another thread while this one parses; a small one inline.
  const st = statSync(req.input, { throwIfNoEntry: false });
  const sourceHash = paths !== null && st?.isFile() === true && st.size > HASH_THREAD_BYTES ? hashFileOnThread(req.input) : null;
  try {
    const scan = await scanLines(
      req.input,
      (buf, start, end, line, overlong) => {
        const r = tallyLine(parser, rows, buf, start, end, line, overlong);
        if (r === LINE_SKIP) return false;
        if (r !== LINE_KEPT) {
          if (req.strict) throw new InputError(msg.convertStrictReject(req.input, line, parser.reason));
          rejects?.add(line, parser.reason, parser.malformed ? buf : null, start, end);
          return false;
        }
        if (writer !== null) {
          if (!writer.accepts(parser.arrival)) {
            disorder = true;
            return true;
          }
          if (raw !== null && raw[0]! >= 0) writer.writeCopied(parser.arrival, parser.key, parser.cls, parser.size, buf, raw, parser.keyId);
          else writer.write(parser.arrival, parser.duration, parser.key, parser.cls, parser.size);
        } else if (buffer !== null) {
          buffer.write(parser.arrival, parser.duration, parser.key, parser.cls, parser.size);
        }
        return false;
      },
      { signal: req.signal, hash: sourceHash === null && paths !== null, onChunkEnd: () => (writer !== null && writer.wantsFlush ? writer.flush() : undefined) },
    );
    if (disorder) {
      void sourceHash?.catch(() => undefined);
      writer?.abort();
      rejects?.abort();
      return { rows, disorder, meta: null };
    }
    parser.finish();
    if (rows.read === 0) {
      throw new InputError(msg.convertNoDataRows(req.input, req.spec.format));
    }
    if (paths === null || rejects === null) return { rows, disorder: false, meta: null };
    if (rows.kept === 0) {
      throw new InputError(msg.convertNoRowKept(req.input, rows.read, JSON.stringify(rows.rejected_by_reason)));
    }
    if (buffer !== null) {
      writer = new TraceWriter(paths.trace, parser.columns, { gzipLevel: req.gzipLevel ?? CONVERT_GZIP_LEVEL });
      await buffer.drain(writer, req.signal);
    }
    rejects.close();
    const meta = await writer!.commit(metaInput(req, rows, sourceHash === null ? scan.sha256 : await sourceHash, parser.header()), [{ tmpPath: rejects.tmpPath, target: paths.rejects }]);
    return { rows, disorder: false, meta };
  } catch (err) {
    void sourceHash?.catch(() => undefined);
    writer?.abort();
    rejects?.abort();
    buffer?.dispose();
    throw err;
  }
}

function metaInput(req: ConvertRequest, rows: RowCounts, sourceSha: string, header: Record<string, string> | undefined): TraceMetaInput {
  const meta: TraceMetaInput = {
    source: { format: req.spec.format, file: basename(req.input), sha256: sourceSha },
    converter: { name: `hsim convert ${req.spec.format}`, version: CONVERTER_VERSION, options: { ...specOptions(req.spec), strict: req.strict } },
    rows,
  };
  if (header !== undefined) meta.header = header;
  return meta;
}
