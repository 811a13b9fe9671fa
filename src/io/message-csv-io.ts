// The `simulate --messages FILE` writer: per-message CSV lines streamed to a temporary file, renamed when complete.
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { quoteCsvField } from '../text/csv-field.ts';
import { MESSAGE_COLUMNS, messageLines, quotedNames, type MessageCell, type MessageSink } from '../../sim/message-log.ts';
import { outputError, tempPathFor } from './atomic-io.ts';

/** Lines formatted per string (bounds the text held at once). */
const LINES_PER_CHUNK = 8192;
/** Text gathered before one gzip member is compressed and written (larger members compress better). */
const GZIP_MEMBER_CHARS = 8 << 20;

/**
 * Writes cells' messages as CSV to `path` (gzip when it ends `.csv.gz`: a sequence of gzip members, which gunzip
 * reads as one stream). Lines go to a temporary file beside `path` as each cell arrives; `commit` renames it into
 * place, `abort` removes it, so `path` is never half-written. File-system errors the user can fix are InputErrors
 * naming `path`.
 */
export class MessageCsvFile implements MessageSink {
  private readonly tmp: string;
  private fd: number;
  private readonly gzip: boolean;
  private pending: string[] = [];
  private pendingChars = 0;

  constructor(readonly path: string) {
    this.tmp = tempPathFor(path);
    this.gzip = path.endsWith('.gz');
    try {
      this.fd = openSync(this.tmp, 'w');
    } catch (err) {
      throw outputError(path, err);
    }
    this.put(`${MESSAGE_COLUMNS.join(',')}\n`);
  }

  cell(c: MessageCell): void {
    const quoted = quotedNames(c, quoteCsvField);
    const m = c.arrival.length;
    for (let from = 0; from < m; from += LINES_PER_CHUNK) this.put(messageLines(c, quoted, from, Math.min(m, from + LINES_PER_CHUNK)));
  }

  /** Flushes, closes and renames the file into place. */
  commit(): void {
    try {
      this.flush();
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

  private put(text: string): void {
    if (!this.gzip) {
      this.writeAll(text);
      return;
    }
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= GZIP_MEMBER_CHARS) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    this.writeAll(gzipSync(text));
  }

  private writeAll(data: string | Uint8Array): void {
    try {
      if (typeof data === 'string') writeSync(this.fd, data);
      else for (let at = 0; at < data.length; ) at += writeSync(this.fd, data, at);
    } catch (err) {
      this.abort();
      throw outputError(this.path, err);
    }
  }
}
