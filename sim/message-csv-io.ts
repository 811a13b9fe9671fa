// The `simulate --messages FILE` writer: per-message CSV lines streamed to a temporary file, renamed when complete.
import { closeSync, renameSync, rmSync, writeSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { spreadsheetCsvField } from '../src/text/csv-field.ts';
import { MESSAGE_COLUMNS, MessageCsvEncoder, quotedNames, type MessageCell, type MessageSink } from './message-log.ts';
import { openTempFor, outputError } from '../src/io/atomic-io.ts';
import { InputError } from '../src/errors.ts';
import * as coreMsg from '../src/messages.ts';

/** Bytes gathered before one gzip member is compressed and written (larger members compress better). */
const GZIP_MEMBER_BYTES = 8 << 20;
/** zlib's fastest level: at the default (6) compression takes several times the simulation it records. */
const GZIP_LEVEL = 1;

/**
 * Writes cells' messages as CSV to `path` (gzip when it ends `.gz`: a sequence of gzip members, which gunzip reads
 * as one stream). Lines go to a temporary file beside `path` as each cell arrives; `commit` renames it into place,
 * `abort` removes it, so `path` is never half-written. File-system errors the user can fix are InputErrors naming
 * `path`.
 */
export class MessageCsvFile implements MessageSink {
  private readonly tmp: string;
  private fd: number;
  private readonly gzip: boolean;
  private readonly encoder: MessageCsvEncoder;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;

  constructor(readonly path: string) {
    this.gzip = path.endsWith('.gz');
    try {
      ({ path: this.tmp, fd: this.fd } = openTempFor(path));
    } catch (err) {
      // The CLI checks the folder first; a library caller gets the same exit-2 error.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new InputError(coreMsg.outputNotWritable(path, 'its folder does not exist', 'ENOENT'));
      throw outputError(path, err);
    }
    this.encoder = new MessageCsvEncoder((bytes) => this.put(bytes));
    this.encoder.bytes(new TextEncoder().encode(`${MESSAGE_COLUMNS.join(',')}\n`));
  }

  cell(c: MessageCell): void {
    this.encoder.lines(c, quotedNames(c, spreadsheetCsvField), 0, c.arrival.length);
  }

  /** Flushes, closes and renames the file into place. */
  commit(): void {
    try {
      this.encoder.end();
      this.flushGzip();
      closeSync(this.fd);
      this.fd = -1;
      renameSync(this.tmp, this.path);
    } catch (err) {
      this.abort();
      throw outputError(this.path, err);
    }
  }

  /** Closes and removes the temporary file (nothing is left at `path`). */
  abort(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    rmSync(this.tmp, { force: true });
  }

  /** Encoded bytes (a view valid during the call): written now, or kept (copied) for the next gzip member. */
  private put(bytes: Uint8Array): void {
    if (!this.gzip) {
      this.writeAll(bytes);
      return;
    }
    this.pending.push(bytes.slice());
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= GZIP_MEMBER_BYTES) this.flushGzip();
  }

  private flushGzip(): void {
    if (this.pending.length === 0) return;
    const member = gzipSync(Buffer.concat(this.pending), { level: GZIP_LEVEL });
    this.pending = [];
    this.pendingBytes = 0;
    this.writeAll(member);
  }

  private writeAll(data: Uint8Array): void {
    try {
      for (let at = 0; at < data.length; ) at += writeSync(this.fd, data, at);
    } catch (err) {
      this.abort();
      throw outputError(this.path, err);
    }
  }
}
