// One input line through a format's parser, counted in the conversion's row accounting (read = kept + rejected).
import type { RowCounts } from '../traces/trace-meta.ts';
import { LINE_KEPT, LINE_SKIP, type RowParser } from './row-parser.ts';

/**
 * Classifies the line `buf[start, end)` (1-based `line`; `overlong`: only its first bytes, see scanLines) with
 * `parser` and counts it in `rows`: LINE_SKIP (not a row), LINE_KEPT (the parser holds the row) or LINE_REJECTED
 * (`parser.reason` says why, counted under it). Throws what the parser throws (a whole-file problem).
 */
export function tallyLine(parser: RowParser, rows: RowCounts, buf: Uint8Array, start: number, end: number, line: number, overlong: boolean): number {
  const r = overlong ? parser.overlong(buf, start, end, line) : parser.parse(buf, start, end, line);
  if (r === LINE_SKIP) return r;
  rows.read++;
  if (r === LINE_KEPT) {
    rows.kept++;
    return r;
  }
  const reason = parser.reason;
  rows.rejected++;
  rows.rejected_by_reason[reason] = (rows.rejected_by_reason[reason] ?? 0) + 1;
  return r;
}
