// Writing a typed table as a Parquet file batch by batch (one row group per batch): the column chunks encoded by
// parquet-pages.ts, the footer by hyparquet-writer.
import { closeSync, renameSync, rmSync, writeSync } from 'node:fs';
import { ByteWriter } from 'hyparquet-writer';
import { writeMetadata } from 'hyparquet-writer/src/metadata.js';
import { batchProblem, type ColumnBatch, type ColumnSpec, type TableWriter } from '../format/column-batch.ts';
import { openTempFd, outputError, tempPathFor } from './atomic-io.ts';
import { ColumnChunkWriter } from './parquet-pages.ts';

/** Bytes gathered before one write to the file; a larger piece (a page of values) is written as it is. */
const WRITE_BYTES = 1 << 20;

type FileMetaData = Parameters<typeof writeMetadata>[1];
type SchemaElement = FileMetaData['schema'][number];
type RowGroup = FileMetaData['row_groups'][number];

/** "PAR1", the magic number that starts and ends a Parquet file (little-endian). */
const PAR1 = 0x31524150;

/** hyparquet-writer's growing byte buffer, written to a file descriptor whenever it holds WRITE_BYTES. */
class FdByteWriter extends ByteWriter {
  constructor(private readonly fd: number) {
    super(2 * WRITE_BYTES);
  }

  override ensure(size: number): void {
    if (this.index > WRITE_BYTES) this.flush();
    super.ensure(size);
  }

  /** Large pieces go to the file without a copy into the buffer. */
  override appendBytes(value: Uint8Array): void {
    if (value.length < WRITE_BYTES / 2) {
      super.appendBytes(value);
      return;
    }
    this.flush();
    this.writeAll(value);
    this.offset += value.length;
  }

  flush(): void {
    this.writeAll(new Uint8Array(this.buffer, 0, this.index));
    this.index = 0;
  }

  override finish(): void {
    this.flush();
  }

  private writeAll(bytes: Uint8Array): void {
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd, bytes, at);
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

/**
 * A Parquet file at `path`, written as batches come: each batch is one row group, so memory holds one batch. Pages
 * are uncompressed data pages v1: strings dictionary-encoded (a dictionary page per row group of the entries it
 * uses), integers too when they take few values, else PLAIN; no statistics. Bytes go to a temporary file beside
 * `path`; `commit` writes the footer and renames it into place, `abort` removes it. File-system errors the user can
 * fix are InputErrors naming `path`; a batch that does not match the schema is an Error (a programming error).
 */
export class ParquetTableFile implements TableWriter {
  private readonly tmp: string;
  private fd: number;
  private readonly out: FdByteWriter;
  private readonly schema: SchemaElement[];
  private readonly chunks: ColumnChunkWriter[];
  private readonly rowGroups: RowGroup[] = [];
  private rows = 0;

  constructor(
    readonly path: string,
    private readonly specs: readonly ColumnSpec[],
  ) {
    this.tmp = tempPathFor(path);
    this.fd = openTempFd(path, this.tmp);
    this.schema = [{ name: 'root', num_children: specs.length }, ...specs.map(schemaElement)];
    this.chunks = specs.map((s) => new ColumnChunkWriter(s));
    this.out = new FdByteWriter(this.fd);
    this.out.appendUint32(PAR1);
  }

  /** Appends one row group. */
  write(batch: ColumnBatch): void {
    const problem = batchProblem(this.specs, batch);
    if (problem !== null) throw new Error(`${this.path}: ${problem}`);
    if (batch.rows === 0) return;
    this.guard(() => {
      const start = this.out.offset;
      const columns = this.chunks.map((w, c) => w.write(this.out, batch.columns[c]!, batch.rows));
      const size = BigInt(this.out.offset - start);
      this.rowGroups.push({ columns, total_byte_size: size, num_rows: BigInt(batch.rows), file_offset: BigInt(start), total_compressed_size: size });
      this.rows += batch.rows;
    });
  }

  /** Writes the footer, closes and renames the file into place. */
  commit(): void {
    this.guard(() => {
      const meta: Omit<FileMetaData, 'metadata_length'> = { version: 2, schema: this.schema, num_rows: BigInt(this.rows), row_groups: this.rowGroups, created_by: 'hsim' };
      writeMetadata(this.out, meta as FileMetaData);
      this.out.appendUint32(PAR1);
      this.out.finish();
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
