// Writing a typed table as an Apache Arrow IPC file (`.arrow`, Feather v2) batch by batch, through apache-arrow.
import { closeSync, renameSync, rmSync, writeSync } from 'node:fs';
import {
  AsyncByteQueue, Dictionary, Field, Float64, Int32, Int8, RecordBatch, RecordBatchFileWriter, Schema, Struct, Utf8,
  makeData, vectorFromArray, type Data, type DataType, type Vector,
} from 'apache-arrow';
import { batchProblem, type ColumnBatch, type ColumnSpec, type NumberColumn, type StringColumn, type TableWriter } from '../format/column-batch.ts';
import { openTempFd, outputError, tempPathFor } from './atomic-io.ts';

/** Bytes gathered before one write to the file. */
const WRITE_BYTES = 1 << 20;

/**
 * apache-arrow's writer hands its bytes to a byte queue; this one writes them to a file descriptor as they come
 * (in WRITE_BYTES pieces), so no batch is kept after it is written.
 */
class FdByteQueue extends AsyncByteQueue {
  private buf = new Uint8Array(WRITE_BYTES);
  private pos = 0;

  constructor(private readonly fd: number) {
    super();
  }

  override write(value: ArrayBufferView | ArrayBuffer | Uint8Array): void {
    const bytes = value instanceof Uint8Array ? value : ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : new Uint8Array(value);
    if (this.pos + bytes.length > this.buf.length) this.flush();
    if (bytes.length >= this.buf.length) writeAll(this.fd, bytes);
    else {
      this.buf.set(bytes, this.pos);
      this.pos += bytes.length;
    }
  }

  flush(): void {
    if (this.pos > 0) writeAll(this.fd, this.buf.subarray(0, this.pos));
    this.pos = 0;
  }
}

function writeAll(fd: number, data: Uint8Array): void {
  for (let at = 0; at < data.length; ) at += writeSync(fd, data, at);
}

/** The Arrow type of a column: strings as dictionary-encoded UTF-8 with int32 indices (dictionary id = column index). */
function arrowType(spec: ColumnSpec, id: number): DataType {
  switch (spec.type) {
    case 'string':
      return new Dictionary(new Utf8(), new Int32(), id, false);
    case 'float64':
      return new Float64();
    case 'int8':
      return new Int8();
    case 'int32':
      return new Int32();
  }
}

/** The validity bitmap (bit i set = row i has a value, least significant bit first) and the null count. */
function validity(rows: number, isValid: (i: number) => boolean): { bitmap: Uint8Array; nulls: number } {
  const bitmap = new Uint8Array((rows + 7) >> 3);
  let nulls = 0;
  for (let i = 0; i < rows; i++) {
    if (isValid(i)) bitmap[i >> 3]! |= 1 << (i & 7);
    else nulls++;
  }
  return { bitmap, nulls };
}

/**
 * An Arrow IPC file at `path`, written as batches come: each batch is one record batch; a string column's new
 * dictionary entries follow as a delta dictionary batch. Bytes go to a temporary file beside `path`; `commit`
 * writes the footer and renames it into place, `abort` removes it. File-system errors the user can fix are
 * InputErrors naming `path`; a batch that does not match the schema is an Error (a programming error).
 */
export class ArrowTableFile implements TableWriter {
  private readonly tmp: string;
  private fd: number;
  private readonly sink: FdByteQueue;
  private readonly writer = new RecordBatchFileWriter();
  private readonly schema: Schema;
  /** Per string column: the dictionary written so far (its chunks only grow) and its length. */
  private readonly dicts: (Vector<Utf8> | null)[];

  constructor(
    readonly path: string,
    private readonly specs: readonly ColumnSpec[],
  ) {
    this.tmp = tempPathFor(path);
    this.fd = openTempFd(path, this.tmp);
    this.sink = new FdByteQueue(this.fd);
    this.schema = new Schema(specs.map((s, i) => new Field(s.name, arrowType(s, i), s.nullable)));
    this.dicts = specs.map(() => null);
    this.guard(() => this.writer.reset(this.sink, this.schema));
  }

  /** Appends one record batch (copied into Arrow buffers where the layout differs). */
  write(batch: ColumnBatch): void {
    const problem = batchProblem(this.specs, batch);
    if (problem !== null) throw new Error(`${this.path}: ${problem}`);
    const children = this.specs.map((_spec, c) => {
      const col = batch.columns[c]!;
      const type = this.schema.fields[c]!.type;
      return col.kind === 'string' ? this.stringData(type as Dictionary<Utf8, Int32>, c, col, batch.rows) : numberData(type, col, batch.rows);
    });
    const data = makeData({ type: new Struct(this.schema.fields), length: batch.rows, nullCount: 0, children });
    this.guard(() => this.writer.write(new RecordBatch(this.schema, data)));
  }

  /** Writes the footer, closes and renames the file into place. */
  commit(): void {
    this.guard(() => {
      this.writer.finish();
      this.sink.flush();
      closeSync(this.fd);
      this.fd = -1;
      renameSync(this.tmp, this.path);
    });
  }

  /** Closes and removes the temporary file (nothing is left at `path`). */
  abort(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.tmp, { force: true });
  }

  private guard(f: () => void): void {
    try {
      f();
    } catch (err) {
      this.abort();
      throw outputError(this.path, err);
    }
  }

  private stringData(type: Dictionary<Utf8, Int32>, c: number, col: StringColumn, rows: number): Data {
    let dict = this.dicts[c] ?? null;
    const known = dict === null ? 0 : dict.length;
    if (dict === null || col.dictionary.length > known) {
      const added = vectorFromArray(col.dictionary.slice(known) as string[], new Utf8());
      // concat keeps the written chunks first, so the writer sends only the new one (as a delta).
      dict = dict === null ? added : dict.concat(added);
      this.dicts[c] = dict;
    }
    const { indices } = col;
    const { bitmap, nulls } = validity(rows, (i) => indices[i]! >= 0);
    return makeData({ type, length: rows, nullCount: nulls, nullBitmap: nulls > 0 ? bitmap : null, data: nulls > 0 ? indices.map((v) => Math.max(v, 0)) : indices, dictionary: dict });
  }
}

function numberData(type: DataType, col: NumberColumn, rows: number): Data {
  const valid = col.valid;
  const { bitmap, nulls } = valid === null ? { bitmap: null, nulls: 0 } : validity(rows, (i) => valid[i] !== 0);
  return makeData({ type: type as Float64, length: rows, nullCount: nulls, nullBitmap: nulls > 0 ? bitmap : null, data: col.values as Float64Array });
}
