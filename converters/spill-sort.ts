// Sorting converted rows by arrival in bounded memory: sorted runs spilled to a temp folder beside the output, then a k-way merge.
import * as msg from './messages.ts';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { outputError } from '../src/io/atomic-io.ts';
import { InputError } from '../src/errors.ts';
import { RowBuffer } from '../traces/row-buffer.ts';
import type { TraceWriter } from '../traces/trace-writer.ts';

/** What the sorter needs of a trace writer. */
export type SortedRowSink = Pick<TraceWriter, 'write' | 'wantsFlush' | 'flush'>;

/**
 * Rows of one sorted run held in memory before it is spilled: 2^20 rows take 20–36 bytes each in typed arrays plus
 * about 20 bytes of sort order and sort scratch (some 60 MiB), so a conversion of any size stays within a few
 * hundred MiB (bench/convert-bench.ts --only unsorted measures it).
 */
export const SPILL_RUN_ROWS = 1 << 20;

/** Records a run file is written and read in, at most (a block per run while merging). */
const READ_RECORDS = 1 << 14;

/** Bytes of all the merge's read blocks together: many runs get smaller blocks, so memory stays bounded. */
const MERGE_BUFFER_BYTES = 32 << 20;

/**
 * A spill folder name for a conversion writing `trace`: `DIR/.NAME.csv.PID.sort-RANDOM.tmp` (stale-cleaned like temp
 * files), with 64 random bits so nobody can plant a folder or symlink there in advance; it is created exclusively.
 */
export function spillDirFor(trace: string, pid: number = process.pid): string {
  return join(dirname(trace), `.${basename(trace)}.${pid}.sort-${randomBytes(8).toString('hex')}.tmp`);
}

/**
 * Collects rows in input order and hands them to a trace writer stably sorted by arrival (ties keep input order:
 * the order of `stableOrderBy` over all rows). Up to `runRows` rows are sorted in memory; beyond that each full run
 * is sorted and written to a file of float64 records in the spill folder, and `drain` merges the runs (ties go to
 * the earlier run, so the output is byte-identical to the in-memory sort). Keys and classes are interned once for
 * all runs. `dispose()` always removes the spill folder.
 */
export class SpillSorter {
  private readonly target: string;
  private readonly runRows: number;
  private readonly withClass: boolean;
  private readonly withSize: boolean;
  /** float64 slots per record: arrival, duration, key id, then class id and size when present. */
  private readonly slots: number;
  /** The current run; emptied (n = 0) after each spill, its interned keys and classes kept for all runs. */
  private rows: RowBuffer;
  private readonly keys: string[];
  private readonly classes: string[];
  /** Row counts of the runs spilled so far (file i is `run-i.bin`). */
  private readonly runLengths: number[] = [];
  private dir: string | null = null;

  constructor(target: string, withClass: boolean, withSize: boolean, runRows: number = SPILL_RUN_ROWS) {
    this.target = target;
    this.runRows = Math.max(1, Math.floor(runRows));
    this.withClass = withClass;
    this.withSize = withSize;
    this.slots = 3 + (withClass ? 1 : 0) + (withSize ? 1 : 0);
    this.rows = new RowBuffer(withClass, withSize);
    this.keys = this.rows.keys;
    this.classes = this.rows.classes;
  }

  /** Runs spilled to disk so far (0 while every row fits in memory). */
  get runs(): number {
    return this.runLengths.length;
  }

  /** The spill folder, once the first run is spilled (null before and after `dispose`). */
  get spillDir(): string | null {
    return this.dir;
  }

  /** Appends one row in input order; spills a sorted run when `runRows` are held. @throws InputError when the spill cannot be written. */
  write(arrival: number, duration: number, key: string, cls: string, size: number): void {
    if (this.rows.n >= this.runRows) this.spill();
    this.rows.write(arrival, duration, key, cls, size);
  }

  /** Writes every row to `writer` in stable arrival order (merging the spilled runs), then removes the spill folder. */
  async drain(writer: SortedRowSink, signal?: AbortSignal): Promise<void> {
    if (this.runLengths.length === 0) {
      await this.drainMemory(writer, signal);
      return;
    }
    if (this.rows.n > 0) this.spill();
    // The in-memory run is on disk now: give its memory back before the merge (the key texts stay in this.keys).
    this.rows = new RowBuffer(false, false);
    await this.merge(writer, signal);
    this.dispose();
  }

  /** Removes the spill folder and everything in it (idempotent; safe after a failure). */
  dispose(): void {
    if (this.dir !== null) rmSync(this.dir, { recursive: true, force: true });
    this.dir = null;
  }

  private async drainMemory(writer: SortedRowSink, signal?: AbortSignal): Promise<void> {
    const order = this.rows.order();
    const { arrival, duration, keyId, classId, size, keys, classes } = this.rows;
    for (let j = 0; j < order.length; j++) {
      const i = order[j]!;
      writer.write(arrival[i]!, duration[i]!, keys[keyId[i]!]!, this.withClass ? classes[classId[i]!]! : '', this.withSize ? size[i]! : Number.NaN);
      if ((j & 0xffff) === 0xffff) await yieldToWriter(writer, signal);
    }
  }

  /** Sorts the rows held and writes them as the next run file; the arrays are then reused. */
  private spill(): void {
    const rows = this.rows;
    const n = rows.n;
    const order = rows.order();
    const { arrival, duration, keyId, classId, size } = rows;
    const R = this.slots;
    const block = new Float64Array(Math.min(n, READ_RECORDS) * R);
    const bytes = new Uint8Array(block.buffer);
    let fd: number | null = null;
    try {
      if (this.dir === null) {
        const dir = spillDirFor(this.target);
        mkdirSync(dirname(dir), { recursive: true });
        // Not recursive: an entry already at the name (a planted symlink) is EEXIST, never followed.
        mkdirSync(dir);
        this.dir = dir;
      }
      fd = openSync(join(this.dir, `run-${this.runLengths.length}.bin`), 'w');
      let at = 0;
      for (let j = 0; j < n; j++) {
        const i = order[j]!;
        block[at] = arrival[i]!;
        block[at + 1] = duration[i]!;
        block[at + 2] = keyId[i]!;
        let s = at + 3;
        if (this.withClass) block[s++] = classId[i]!;
        if (this.withSize) block[s] = size[i]!;
        at += R;
        if (at === block.length) {
          writeAll(fd, bytes, bytes.length);
          at = 0;
        }
      }
      if (at > 0) writeAll(fd, bytes, at * 8);
      closeSync(fd);
      fd = null;
    } catch (err) {
      if (fd !== null) closeSync(fd);
      // The spill folder stands beside the output: a full disk there is the output's problem (exit 2).
      throw outputError(this.target, err);
    }
    this.runLengths.push(n);
    // RowBuffer keeps its arrays and interned texts: the next run overwrites rows 0, 1, … (ids stay global).
    rows.n = 0;
  }

  /** k-way merge of the run files by (arrival, run index), each run read in blocks. */
  private async merge(writer: SortedRowSink, signal?: AbortSignal): Promise<void> {
    const k = this.runLengths.length;
    const R = this.slots;
    const perRun = Math.max(1, Math.min(READ_RECORDS, Math.floor(MERGE_BUFFER_BYTES / (k * R * 8))));
    const readers = this.runLengths.map((rows, r) => new RunReader(join(this.dir!, `run-${r}.bin`), rows, R, Math.min(perRun, rows)));
    // heap[0..size) holds run indices ordered by (head arrival, run index): the earlier run wins a tie.
    const head = new Float64Array(k);
    const heap = new Int32Array(k);
    let size = 0;
    const less = (a: number, b: number): boolean => head[a]! < head[b]! || (head[a] === head[b] && a < b);
    const siftDown = (from: number): void => {
      let p = from;
      for (;;) {
        const l = 2 * p + 1;
        if (l >= size) return;
        const c = l + 1 < size && less(heap[l + 1]!, heap[l]!) ? l + 1 : l;
        if (!less(heap[c]!, heap[p]!)) return;
        const t = heap[p]!;
        heap[p] = heap[c]!;
        heap[c] = t;
        p = c;
      }
    };
    for (let r = 0; r < k; r++) {
      if (readers[r]!.next()) {
        head[r] = readers[r]!.arrival;
        heap[size++] = r;
      }
    }
    for (let p = (size >> 1) - 1; p >= 0; p--) siftDown(p);
    const { keys, classes } = this;
    let written = 0;
    while (size > 0) {
      const r = heap[0]!;
      const rd = readers[r]!;
      const rec = rd.block;
      const at = rd.at;
      writer.write(rec[at]!, rec[at + 1]!, keys[rec[at + 2]!]!, this.withClass ? classes[rec[at + 3]!]! : '', this.withSize ? rec[at + R - 1]! : Number.NaN);
      if (rd.next()) head[r] = rd.arrival;
      else heap[0] = heap[--size]!;
      siftDown(0);
      if ((++written & 0xffff) === 0) await yieldToWriter(writer, signal);
    }
  }
}

/**
 * Reads one run file record by record through a fixed block of `records`; `block[at…]` is the current record after
 * `next()`. The file is opened for each refill only, so any number of runs merges without running out of descriptors.
 */
class RunReader {
  readonly block: Float64Array;
  at = 0;
  arrival = 0;
  private readonly path: string;
  private readonly bytes: Uint8Array;
  private readonly slots: number;
  private readonly records: number;
  private left: number;
  private offset = 0;
  private have = 0;

  constructor(path: string, rows: number, slots: number, records: number) {
    this.path = path;
    this.slots = slots;
    this.left = rows;
    this.records = records;
    this.block = new Float64Array(records * slots);
    this.bytes = new Uint8Array(this.block.buffer);
    this.at = -slots;
  }

  /** Moves to the next record; false at the end of the run. */
  next(): boolean {
    this.at += this.slots;
    if (this.at >= this.have) {
      if (this.left === 0) return false;
      const records = Math.min(this.left, this.records);
      const want = records * this.slots * 8;
      const fd = openSync(this.path, 'r');
      try {
        for (let got = 0; got < want; ) {
          const r = readSync(fd, this.bytes, got, want - got, this.offset + got);
          if (r === 0) throw new Error(`${this.path}: spill run ended early`);
          got += r;
        }
      } finally {
        closeSync(fd);
      }
      this.offset += want;
      this.left -= records;
      this.have = records * this.slots;
      this.at = 0;
    }
    this.arrival = this.block[this.at]!;
    return true;
  }
}

async function yieldToWriter(writer: SortedRowSink, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw new InputError(msg.convertInterrupted());
  if (writer.wantsFlush) await writer.flush();
}

function writeAll(fd: number, bytes: Uint8Array, length: number): void {
  for (let at = 0; at < length; ) at += writeSync(fd, bytes, at, length - at);
}
