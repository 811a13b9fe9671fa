// Typed table files chosen by the output's name: `.parquet` (Parquet), `.arrow` (Arrow IPC file), `.csv` (text).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { quoteCsvField } from '../text/csv-field.ts';
import { isNullAt, type ColumnSpec, type ColumnTable, type TableWriter } from '../format/column-batch.ts';
import { ArrowTableFile } from './arrow-table-io.ts';
import { ParquetTableFile } from './parquet-table-io.ts';
import { outputError, writeFileAtomic } from './atomic-io.ts';

/** The typed formats, by file-name ending. */
export type TableFileFormat = 'parquet' | 'arrow';

/** `parquet` for a name ending `.parquet`, `arrow` for `.arrow`, else null (CSV as before). */
export function tableFileFormat(path: string): TableFileFormat | null {
  return path.endsWith('.parquet') ? 'parquet' : path.endsWith('.arrow') ? 'arrow' : null;
}

/** A writer of batches to `path` in `format`. Throws InputError naming `path` when it cannot be created. */
export function openTableWriter(path: string, format: TableFileFormat, specs: readonly ColumnSpec[]): TableWriter {
  return format === 'parquet' ? new ParquetTableFile(path, specs) : new ArrowTableFile(path, specs);
}

/**
 * Writes a whole table to `path` (never half-written; its folder created): Parquet or Arrow by its name, otherwise CSV (RFC 4180 quoting,
 * a null as an empty field, numbers in JavaScript's shortest round-trip form, LF endings). Throws InputError naming
 * `path` on a full disk and the like.
 */
export function writeTableFile(path: string, table: ColumnTable): void {
  const format = tableFileFormat(path);
  if (format === null) {
    writeFileAtomic(path, tableCsv(table));
    return;
  }
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (err) {
    throw outputError(path, err);
  }
  const writer = openTableWriter(path, format, table.specs);
  try {
    writer.write(table.batch);
  } catch (err) {
    writer.abort();
    throw err;
  }
  writer.commit();
}

/** A table as CSV text: the header, then one line per row. */
export function tableCsv(table: ColumnTable): string {
  const { specs, batch } = table;
  const lines = [specs.map((s) => quoteCsvField(s.name)).join(',')];
  for (let i = 0; i < batch.rows; i++) {
    lines.push(
      batch.columns
        .map((col) => {
          if (isNullAt(col, i)) return '';
          return col.kind === 'string' ? quoteCsvField(col.dictionary[col.indices[i]!]!) : String(col.values[i]!);
        })
        .join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}
