// A conversion thread: converts byte ranges of a plain CSV table with the format's own parser and row encoder.
import { closeSync, openSync, readSync } from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { RowEncoder, type EncodedRows } from '../traces/row-encoder.ts';
import type { RowCounts } from '../traces/trace-meta.ts';
import { tallyLine } from './line-tally.ts';
import { emitLines, scanLines } from './line-source.ts';
import { rejectExcerpt } from './rejects-writer.ts';
import { LINE_KEPT, LINE_SKIP, type RowParser } from './row-parser.ts';
import { createTableParser, type TableSpec } from './table-converter.ts';

/** What a conversion thread is started with: the input, its rules and its header line (the parser reads it first). */
export interface ThreadSetup {
  readonly kind: 'convert-range';
  readonly input: string;
  readonly table: TableSpec;
  /** The header line's bytes (line ending removed) and its 1-based line number. */
  readonly header: Uint8Array;
  readonly headerLine: number;
  /** zlib level of a `.csv.gz` output (each range becomes one gzip member), or null for `.csv`. */
  readonly gzipLevel: number | null;
  /** Stop a range at its first reject (the coordinator then fails the conversion naming it). */
  readonly strict: boolean;
  /** Longest range read whole (default IN_MEMORY_RANGE_BYTES; tests set 0 to stream every range). */
  readonly wholeRangeBytes?: number;
}

/** One range to convert: bytes [start, end) of the input, starting and ending at line starts. */
export interface RangeTask {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/** A batch's memory handed back to a thread once written, for a later range. */
export interface RecycledBuffer {
  readonly recycle: ArrayBuffer;
}

/** A converted range. Line numbers are 1-based within the range; the coordinator makes them absolute. */
export interface RangeDone {
  readonly index: number;
  /** Lines of the range (all of them, unless it stopped). */
  readonly lines: number;
  readonly rows: RowCounts;
  /** Rejected lines in order: line number in the range, reason, excerpt of a malformed line (else null). */
  readonly rejectLines: number[];
  readonly rejectReasons: string[];
  readonly rejectTexts: (string | null)[];
  /** A row arrived before the one before it: the range stopped there (the whole input needs sorting). */
  readonly disorder: boolean;
  readonly batch: EncodedRows;
  /** The batch's bytes as one gzip member, for a `.csv.gz` output. */
  readonly member: Uint8Array | null;
}

/** A range that failed (unreadable input, an error in the parser): the coordinator converts on one thread instead. */
export interface RangeFailed {
  readonly index: number;
  readonly error: string;
}

/**
 * Converts one range: each line through `tallyLine` like the one-thread pass, kept rows encoded by `enc` (times
 * copied where the parser allows, as TraceWriter does), rejects listed. Stops at the first row out of arrival order
 * and, under `strict`, at the first reject.
 */
export async function convertRange(setup: ThreadSetup, parser: RowParser, enc: RowEncoder, task: RangeTask, spare: ArrayBuffer | null = null): Promise<RangeDone> {
  const rows: RowCounts = { read: 0, kept: 0, rejected: 0, rejected_by_reason: {} };
  const rejectLines: number[] = [];
  const rejectReasons: string[] = [];
  const rejectTexts: (string | null)[] = [];
  const raw = parser.raw ?? null;
  let disorder = false;
  // A range's text is about as long as its input.
  enc.reserve(task.end - task.start, spare);
  const onLine = (buf: Uint8Array, start: number, end: number, line: number, overlong: boolean): boolean => {
    const r = tallyLine(parser, rows, buf, start, end, line, overlong);
    if (r === LINE_SKIP) return false;
    if (r !== LINE_KEPT) {
      rejectLines.push(line);
      rejectReasons.push(parser.reason);
      rejectTexts.push(parser.malformed ? rejectExcerpt(buf, start, end) : null);
      return setup.strict;
    }
    if (!enc.accepts(parser.arrival)) {
      disorder = true;
      return true;
    }
    if (raw !== null && raw[0]! >= 0) enc.writeCopied(parser.arrival, parser.key, parser.cls, parser.size, buf, raw, parser.keyId);
    else enc.write(parser.arrival, parser.duration, parser.key, parser.cls, parser.size);
    return false;
  };
  const length = task.end - task.start;
  let lines: number;
  if (length <= (setup.wholeRangeBytes ?? IN_MEMORY_RANGE_BYTES)) {
    // The range in one read (no stream): its lines are handed over from memory.
    const buf = readRange(setup.input, task.start, length);
    lines = emitLines(buf, 0, length, 1, onLine).lines;
  } else {
    lines = (await scanLines(setup.input, onLine, { hash: false, range: { start: task.start, end: task.end } })).lines;
  }
  const batch = enc.take();
  const member = setup.gzipLevel === null ? null : gzipSync(batch.bytes, { level: setup.gzipLevel });
  return { index: task.index, lines, rows, rejectLines, rejectReasons, rejectTexts, disorder, batch, member };
}

/**
 * Longest range read into memory at once (bytes); a longer one (a range cut after a very long line) is streamed.
 * Ranges are RANGE_BYTES (8 MiB) plus the rest of a line.
 */
export const IN_MEMORY_RANGE_BYTES = 24 << 20;

/** The thread's buffer for ranges read whole, reused from range to range. */
let rangeBuffer = Buffer.allocUnsafe(0);

/** Reads `length` bytes of `input` from `start` into the thread's range buffer; throws when the file is shorter. */
function readRange(input: string, start: number, length: number): Buffer {
  if (rangeBuffer.length < length) rangeBuffer = Buffer.allocUnsafe(Math.max(length, 9 << 20));
  const fd = openSync(input, 'r');
  try {
    for (let at = 0; at < length; ) {
      const n = readSync(fd, rangeBuffer, at, length - at, start + at);
      if (n <= 0) throw new Error(`${input}: ended before byte ${start + length}`);
      at += n;
    }
  } finally {
    closeSync(fd);
  }
  return rangeBuffer;
}

/** The parser of a thread, past the header line. */
export function threadParser(setup: ThreadSetup): RowParser {
  const parser = createTableParser(setup.table, setup.input);
  parser.parse(setup.header, 0, setup.header.length, setup.headerLine);
  return parser;
}

/** Serves ranges until told to stop (null): one parser and encoder for all, so each distinct key is reported once. */
function serve(setup: ThreadSetup): void {
  const port = parentPort!;
  const parser = threadParser(setup);
  const enc = new RowEncoder(parser.columns, true);
  /** Memory of batches the coordinator has written and handed back (no fresh pages to fault in for every range). */
  const spares: ArrayBuffer[] = [];
  // Ranges come one at a time (the coordinator waits for each answer before sending the next).
  port.on('message', (task: RangeTask | RecycledBuffer) => {
    if ('recycle' in task) {
      spares.push(task.recycle);
      return;
    }
    convertRange(setup, parser, enc, task, spares.pop() ?? null).then(
      (done) => {
        // Big buffers move to the coordinator; small ones may sit in Node's shared pool and are copied.
        const transfer = [done.batch.bytes, done.member].filter((b) => b !== null && b.buffer.byteLength >= 1 << 16).map((b) => b!.buffer as ArrayBuffer);
        port.postMessage(done, transfer);
      },
      (err: unknown) => port.postMessage({ index: task.index, error: err instanceof Error ? err.message : String(err) } satisfies RangeFailed),
    );
  });
}

const setup = workerData as ThreadSetup | null;
if (!isMainThread && setup?.kind === 'convert-range') serve(setup);
