// The contract between the conversion driver and a format: one line in, a row kept, rejected or skipped.
import type { TraceColumns } from '../traces/trace-csv.ts';

/** A line that is not a row (comment, header, blank). */
export const LINE_SKIP = 0;
/** A row kept: the parser's `arrival`, `duration`, `key`, `cls`, `size` fields hold it. */
export const LINE_KEPT = 1;
/** A row rejected: the parser's `reason` holds a short snake_case reason. */
export const LINE_REJECTED = 2;

/**
 * A format's line parser. It reuses its own fields for the last row (no per-row allocation for the result).
 * Throws InputError for problems that make the whole file unusable (e.g. a wrong header).
 */
export interface RowParser {
  readonly columns: TraceColumns;
  arrival: number;
  duration: number;
  key: string;
  cls: string;
  size: number;
  reason: string;
  /** Whether the last rejected line was malformed (its text is kept in the rejects file) rather than refused by a rule. */
  malformed: boolean;
  /**
   * Optional, after LINE_KEPT: a dense id of `key` among the keys this parser gave (the same id always the same key),
   * or -1; a writer may look the key's bytes up by it (RowEncoder's `keyId`) instead of by the text.
   */
  keyId?: number;
  /**
   * Optional, for a writer that copies instead of formatting: after LINE_KEPT, `[raw[0], raw[1])` and
   * `[raw[2], raw[3])` of the line's buffer hold exactly `String(arrival)` and `String(duration)`, or raw[0] is -1.
   */
  readonly raw?: Int32Array;
  /**
   * Optional: whether the lines before the first row (a CSV header) have been read. A parser that has it can be
   * rebuilt on a conversion thread, which reads the header line and then any range of rows (convert-thread.ts).
   */
  readonly ready?: boolean;
  /** Classifies the line `buf[start, end)` (1-based `line`) as LINE_SKIP, LINE_KEPT or LINE_REJECTED. */
  parse(buf: Uint8Array, start: number, end: number, line: number): number;
  /**
   * Classifies a line over the length limit from its first bytes `head[start, end)`: LINE_SKIP for a comment,
   * else LINE_REJECTED (reason `line_too_long`); throws InputError when it stands where the header must be.
   */
  overlong(head: Uint8Array, start: number, end: number, line: number): number;
  /** Called after the last line; throws InputError when the file lacked something required (e.g. a header). */
  finish(): void;
  /** Source header fields collected while parsing (SWF `; Key: value`), if the format has any. */
  header(): Record<string, string> | undefined;
}

/** The output fields of a RowParser, at their values before the first row: a format's parser extends this. */
export abstract class RowFields {
  arrival = 0;
  duration = 0;
  key = '';
  cls = '';
  size = Number.NaN;
  keyId = -1;
  reason = '';
  malformed = false;
}

/** Longest key accepted, in UTF-8 bytes (SPEC §3). */
export const MAX_KEY_BYTES = 256;

/** Reject reason for a key outside 1–256 UTF-8 bytes, or null when it is fine. */
export function keyProblem(key: string): string | null {
  if (key.length === 0) return 'empty_key';
  if (key.length > MAX_KEY_BYTES / 3 && Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return 'key_too_long';
  return null;
}
