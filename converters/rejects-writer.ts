// Writes rejected rows as JSON lines (`{"line":N,"reason":"…"}`, plus `"text"` for malformed lines) to a temporary file.
import { closeSync, mkdirSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { openTempFor } from '../src/io/atomic-io.ts';

/** Longest excerpt of a rejected line kept in the rejects file, in bytes. */
export const REJECT_TEXT_BYTES = 300;

/** The text kept of a malformed line `buf[start, end)`: its first REJECT_TEXT_BYTES bytes, decoded as UTF-8. */
export function rejectExcerpt(buf: Uint8Array, start: number, end: number): string {
  return Buffer.from(buf.buffer, buf.byteOffset + start, Math.min(end - start, REJECT_TEXT_BYTES)).toString('utf8');
}

/** Buffered writer of the rejects file; the caller renames `tmpPath` into place after `close()`. */
export class RejectsWriter {
  readonly tmpPath: string;
  private fd: number | null;
  private pending = '';

  constructor(target: string) {
    mkdirSync(dirname(target), { recursive: true });
    const { path, fd } = openTempFor(target);
    this.tmpPath = path;
    this.fd = fd;
  }

  /**
   * Records a rejected line (1-based `line`) with its reason. With `buf` (malformed lines), the first 300 bytes of
   * `buf[start, end)` are kept as `text`; a well-formed line refused by a rule is found again by its number.
   */
  add(line: number, reason: string, buf: Uint8Array | null, start = 0, end = 0): void {
    this.addText(line, reason, buf === null ? null : rejectExcerpt(buf, start, end));
  }

  /** Records a rejected line with its excerpt already cut (`rejectExcerpt`), or null for a line refused by a rule. */
  addText(line: number, reason: string, text: string | null): void {
    if (text === null) {
      this.pending += `{"line":${line},"reason":${JSON.stringify(reason)}}\n`;
    } else {
      this.pending += `{"line":${line},"reason":${JSON.stringify(reason)},"text":${JSON.stringify(text)}}\n`;
    }
    if (this.pending.length > 1 << 20) this.flush();
  }

  /** Flushes and closes the file. */
  close(): void {
    this.flush();
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  /** Closes and deletes the temporary file. */
  abort(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.tmpPath, { force: true });
  }

  private flush(): void {
    if (this.pending !== '' && this.fd !== null) writeSync(this.fd, this.pending);
    this.pending = '';
  }
}
