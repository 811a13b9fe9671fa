// Writing a typed table as a Parquet file batch by batch (one row group per batch), through hyparquet-writer.
import { closeSync, renameSync, rmSync, writeSync } from 'node:fs';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { batchProblem, type ColumnBatch, type ColumnData, type ColumnSpec, type TableWriter } from '../format/column-batch.ts';
import { openTempFd, outputError, tempPathFor } from './atomic-io.ts';

/** Bytes gathered before one write to the file. */
const WRITE_BYTES = 1 << 20;

type SchemaElement = ConstructorParameters<typeof ParquetWriter>[0]['schema'][number];
type ColumnSource = Parameters<ParquetWriter['write']>[0]['columnData'][number];

/** hyparquet-writer's growing byte buffer, written to a file descriptor whenever it holds WRITE_BYTES. */
class FdByteWriter extends ByteWriter {
  constructor(private readonly fd: number) {
    super(2 * WRITE_BYTES);
  }

  override ensure(size: number): void {
    if (this.index > WRITE_BYTES) this.flush();
    super.ensure(size);
  }

  flush(): void {
    const bytes = new Uint8Array(this.buffer, 0, this.index);
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at);
    this.index = 0;
  }

  override finish(): void {
    this.flush();
  }
}

/**
 * The Parquet schema element of a column: strings UTF-8, int8 as INT32 with the converted type INT_8 (hyparquet-writer's
 * INTEGER logical type is not read by DuckDB 1.5: "TProtocolException: Invalid data"; INT_8 alone reads as TINYINT).
 */
function schemaElement(spec: ColumnSpec): SchemaElement {
  const repetition_type = spec.nullable ? 'OPTIONAL' : 'REQUIRED';
  switch (spec.type) {
    case 'string':
      return { name: spec.name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type };
    case 'float64':
      return { name: spec.name, type: 'DOUBLE', repetition_type };
    case 'int8':
      return { name: spec.name, type: 'INT32', converted_type: 'INT_8', repetition_type };
    case 'int32':
      return { name: spec.name, type: 'INT32', repetition_type };
  }
}

/** A batch column as hyparquet-writer takes it: strings and nullable numbers as arrays with nulls, else the typed array. */
function columnSource(spec: ColumnSpec, col: ColumnData): ColumnSource {
  if (col.kind === 'string') {
    const { indices, dictionary } = col;
    const data = new Array<string | null>(indices.length);
    for (let i = 0; i < indices.length; i++) {
      const id = indices[i]!;
      data[i] = id < 0 ? null : dictionary[id]!;
    }
    return { name: spec.name, data, encoding: 'RLE_DICTIONARY' };
  }
  const { values, valid } = col;
  // PLAIN numbers: times are distinct doubles, where a dictionary would not pay, and for the small integers the
  // writer's dictionary costs a map lookup per value (snappy then shrinks the PLAIN pages instead).
  const encoding = { encoding: 'PLAIN' as const };
  // Parquet stores int8 as INT32, and the writer takes no Int8Array. A batch without nulls needs no array of them.
  if (valid === null || !valid.includes(0)) return { name: spec.name, data: values instanceof Int8Array ? Int32Array.from(values) : values, ...encoding };
  const data = new Array<number | null>(values.length);
  for (let i = 0; i < values.length; i++) data[i] = valid[i] === 0 ? null : values[i]!;
  return { name: spec.name, data, ...encoding };
}

/**
 * A Parquet file at `path` (snappy pages, strings dictionary-encoded, numbers PLAIN, no statistics), written as batches come: each batch is one row group, so
 * memory holds one batch. Bytes go to a temporary file beside `path`; `commit` writes the footer and renames it into
 * place, `abort` removes it. File-system errors the user can fix are InputErrors naming `path`; a batch that does
 * not match the schema is an Error (a programming error).
 */
export class ParquetTableFile implements TableWriter {
  private readonly tmp: string;
  private fd: number;
  private readonly writer: ParquetWriter;

  constructor(
    readonly path: string,
    private readonly specs: readonly ColumnSpec[],
  ) {
    this.tmp = tempPathFor(path);
    this.fd = openTempFd(path, this.tmp);
    const schema: SchemaElement[] = [{ name: 'root', num_children: specs.length }, ...specs.map(schemaElement)];
    this.writer = new ParquetWriter({ writer: new FdByteWriter(this.fd), schema, statistics: false, createdBy: 'hsim' });
  }

  /** Appends one row group. */
  write(batch: ColumnBatch): void {
    const problem = batchProblem(this.specs, batch);
    if (problem !== null) throw new Error(`${this.path}: ${problem}`);
    if (batch.rows === 0) return;
    const columnData = this.specs.map((s, c) => columnSource(s, batch.columns[c]!));
    this.guard(() => void this.writer.write({ columnData, rowGroupSize: batch.rows }));
  }

  /** Writes the footer, closes and renames the file into place. */
  commit(): void {
    this.guard(() => {
      void this.writer.finish();
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
}
