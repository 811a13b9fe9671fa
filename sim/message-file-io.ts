// The `simulate --messages FILE` writer chosen by the file's name: CSV (`.csv`, `.csv.gz`), Parquet or Arrow.
import type { MessageSink } from './message-log.ts';
import { MessageCsvFile } from './message-csv-io.ts';
import { MessageTableFile } from './message-table-io.ts';
import { tableFileFormat } from '../src/io/table-file-io.ts';

/** A message file being written: nothing is at `path` until `commit`; `abort` leaves nothing. */
export interface MessageFile extends MessageSink {
  readonly path: string;
  commit(): void;
  abort(): void;
}

/** Opens `path` for the per-message log: Parquet for `.parquet`, Arrow IPC for `.arrow`, else CSV. Throws InputError naming `path`. */
export function openMessageFile(path: string): MessageFile {
  const format = tableFileFormat(path);
  return format === null ? new MessageCsvFile(path) : new MessageTableFile(path, format);
}
