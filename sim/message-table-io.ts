// The `simulate --messages FILE.parquet|FILE.arrow` writer: per-message typed rows, written in batches as cells arrive.
import { MESSAGE_COLUMNS, type MessageCell, type MessageSink } from './message-log.ts';
import type { ColumnSpec, TableWriter } from '../src/format/column-batch.ts';
import { GrowingDictionary } from '../src/format/growing-dictionary.ts';
import { openTableWriter, type TableFileFormat } from '../src/io/table-file-io.ts';

/** Rows per record batch / row group: the writer holds at most one batch beside the engine's arrays. */
export const MESSAGE_BATCH_ROWS = 1 << 17;

type ColumnType = ColumnSpec['type'];

/**
 * The typed columns of a message file, in MESSAGE_COLUMNS order: names dictionary-encoded; times float64 ms at full
 * precision (the CSV rounds them to µs); tier int8; the queue placed in and served from int32 (a per-key arm has one
 * queue per key, so the index can pass 127); null where the CSV field is empty.
 */
export const MESSAGE_COLUMN_SPECS: readonly ColumnSpec[] = MESSAGE_COLUMNS.map((name): ColumnSpec => {
  const types: Record<(typeof MESSAGE_COLUMNS)[number], [ColumnType, boolean]> = {
    arm: ['string', false],
    load: ['string', false],
    row: ['int32', false],
    key: ['string', false],
    class: ['string', true],
    tier: ['int8', false],
    arrival_ms: ['float64', false],
    start_ms: ['float64', false],
    end_ms: ['float64', false],
    wait_ms: ['float64', false],
    level_placed: ['int32', true],
    level_served: ['int32', true],
    promotions: ['int32', false],
    outcome: ['string', true],
    estimate_ms: ['float64', true],
  };
  const [type, nullable] = types[name];
  return { name, type, nullable };
});

/**
 * Writes cells' messages to `path` as Parquet or Arrow: each cell is cut into batches of MESSAGE_BATCH_ROWS rows,
 * each written before the next is filled, so memory stays bounded for any number of messages. The values are the
 * CSV's (`simulate --messages FILE.csv`), typed. Nothing is at `path` until `commit`; `abort` leaves nothing.
 */
export class MessageTableFile implements MessageSink {
  private readonly writer: TableWriter;
  private readonly arms = new GrowingDictionary();
  private readonly loads = new GrowingDictionary();
  private readonly keys = new GrowingDictionary();
  private readonly classes = new GrowingDictionary();
  private readonly outcomes = new GrowingDictionary();

  /** `batchRows`: rows per batch (tests use small ones to cross batch and dictionary boundaries). */
  constructor(
    readonly path: string,
    format: TableFileFormat,
    private readonly batchRows = MESSAGE_BATCH_ROWS,
  ) {
    this.writer = openTableWriter(path, format, MESSAGE_COLUMN_SPECS);
  }

  cell(c: MessageCell): void {
    const arm = this.arms.id(c.arm);
    const load = this.loads.id(c.load);
    const keyIds = this.keys.remap(c.keys);
    const classIds = c.classes === null ? null : this.classes.remap(c.classes);
    const outcomeNames = c.outcomeNames ?? [];
    const outcomeIds = this.outcomes.remap(outcomeNames);
    const m = c.arrival.length;
    for (let from = 0; from < m; from += this.batchRows) {
      const n = Math.min(this.batchRows, m - from);
      this.batch(c, from, n, arm, load, keyIds, classIds, outcomeIds);
    }
  }

  /** Writes the footer and renames the file into place. */
  commit(): void {
    this.writer.commit();
  }

  /** Removes the temporary file. */
  abort(): void {
    this.writer.abort();
  }

  private batch(c: MessageCell, from: number, n: number, arm: number, load: number, keyIds: Int32Array, classIds: Int32Array | null, outcomeIds: Int32Array): void {
    const { first, keyId, classId, tier, arrival, start, end, outcome, log } = c;
    const armCol = new Int32Array(n).fill(arm);
    const loadCol = new Int32Array(n).fill(load);
    const row = new Int32Array(n);
    const key = new Int32Array(n);
    const cls = new Int32Array(n).fill(-1);
    const wait = new Float64Array(n);
    const placed = new Int32Array(n);
    const placedValid = new Uint8Array(n);
    const served = new Int32Array(n);
    const servedValid = new Uint8Array(n);
    const out = new Int32Array(n);
    const estimate = new Float64Array(n);
    const estimateValid = new Uint8Array(n);
    for (let j = 0; j < n; j++) {
      const i = from + j;
      const r = first + i;
      row[j] = r;
      key[j] = keyIds[keyId[r]!]!;
      if (classId !== null && classIds !== null) cls[j] = classIds[classId[r]!]!;
      wait[j] = start[i]! - arrival[i]!;
      const p = log.placed[i]!;
      placed[j] = p;
      placedValid[j] = p >= 0 ? 1 : 0;
      const q = log.served[i]!;
      served[j] = q;
      servedValid[j] = q >= 0 ? 1 : 0;
      const o = outcome[i]!;
      // An outcome code without a name is written as its number, as the CSV does.
      out[j] = o < 0 ? -1 : (outcomeIds[o] ?? this.outcomes.id(String(o)));
      const e = log.estimate[i]!;
      estimate[j] = e;
      estimateValid[j] = e > 0 ? 1 : 0;
    }
    const num = (values: Float64Array | Int32Array | Int8Array, valid: Uint8Array | null = null) => ({ kind: 'number' as const, values, valid });
    const str = (indices: Int32Array, dictionary: readonly string[]) => ({ kind: 'string' as const, indices, dictionary });
    this.writer.write({
      rows: n,
      columns: [
        str(armCol, this.arms.entries),
        str(loadCol, this.loads.entries),
        num(row),
        str(key, this.keys.entries),
        str(cls, this.classes.entries),
        num(Int8Array.from(tier.subarray(from, from + n))),
        num(arrival.slice(from, from + n)),
        num(start.slice(from, from + n)),
        num(end.slice(from, from + n)),
        num(wait),
        num(placed, placedValid),
        num(served, servedValid),
        num(log.promotions.slice(from, from + n)),
        str(out, this.outcomes.entries),
        num(estimate, estimateValid),
      ],
    });
  }
}
