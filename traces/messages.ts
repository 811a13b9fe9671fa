// User-facing texts of traces: reading, writing, caching and generating the common format.
// One named function per message; the texts several floors share are in src/messages.ts.
import { atLocation, atOption, atPath } from '../src/errors.ts';

/** A common-format trace whose header is wrong (`found` says how). */
function traceHeader(file: string, found: string, expectedHeader: string): string {
  return atLocation(file, 1, found, `the header ${expectedHeader}`);
}
/** A common-format trace with no header at all. */
export function traceEmpty(file: string, expectedHeader: string): string {
  return traceHeader(file, 'the file is empty', expectedHeader);
}
/** A trace header that lacks a required column. */
export function traceHeaderLacks(file: string, header: string, column: string, expectedHeader: string): string {
  return traceHeader(file, `header "${header}" lacks column ${column}`, expectedHeader);
}
/** A trace header with another column where a required one belongs (`index`: 0-based). */
export function traceHeaderMisplaced(file: string, index: number, found: string, column: string, expectedHeader: string): string {
  return traceHeader(file, `header column ${index + 1} is "${found}", not ${column}`, expectedHeader);
}
/** A trace header with a column the format does not have. */
export function traceHeaderUnknown(file: string, column: string, expectedHeader: string): string {
  return traceHeader(file, `unknown header column "${column}"`, expectedHeader);
}
/** A trace header naming a column twice. */
export function traceHeaderTwice(file: string, column: string, expectedHeader: string): string {
  return traceHeader(file, `header column "${column}" appears twice`, expectedHeader);
}
/** `N fields (a,b,c)`: what a trace row should hold. */
function traceFields(columns: readonly string[]): string {
  return `${columns.length} fields (${columns.join(',')})`;
}
/** A trace line longer than any valid row. */
export function traceLineTooLong(file: string, line: number, maxBytes: number): string {
  return atLocation(file, line, `a line longer than ${maxBytes} bytes`, 'rows of three to five short fields');
}
/** An empty line among the rows of a trace. */
export function traceEmptyLine(file: string, line: number, columns: readonly string[]): string {
  return atLocation(file, line, 'empty line', traceFields(columns));
}
/** A trace row that ends after `fields` of its fields. */
export function traceTooFewFields(file: string, line: number, fields: number, columns: readonly string[]): string {
  return atLocation(file, line, `the row has ${fields} field${fields === 1 ? '' : 's'}`, traceFields(columns));
}
/** A trace row with more fields than the header has columns. */
export function traceTooManyFields(file: string, line: number, columns: readonly string[]): string {
  return atLocation(file, line, `the row has more than ${columns.length} fields`, traceFields(columns));
}
/** A character after the last field of a trace row. */
export function traceCharAfterRow(file: string, line: number, char: string): string {
  return atLocation(file, line, `unexpected character ${JSON.stringify(char)} after the last field`, 'a line end');
}
/** A quoted key or class that is not closed within the longest label. */
export function traceQuoteNotClosed(file: string, line: number, maxBytes: number): string {
  return atLocation(file, line, 'a quoted field is not closed', `a closing quote (") within ${maxBytes} bytes`);
}
/** A character after the closing quote of a quoted field. */
export function traceCharAfterQuote(file: string, line: number, char: string): string {
  return atLocation(file, line, `unexpected character ${JSON.stringify(char)} after a closing quote`, 'a comma or a line end');
}
/** A trace row with an empty key. */
export function traceKeyEmpty(file: string, line: number): string {
  return atLocation(file, line, 'the key is empty', 'a key of 1 to 256 bytes');
}
/** A key or class (`label`) longer than the longest allowed. */
export function traceLabelTooLong(file: string, line: number, label: string, bytes: number, maxBytes: number): string {
  return atLocation(file, line, `the ${label} is ${bytes} bytes long`, `at most ${maxBytes} bytes (UTF-8)`);
}
/** A key or class (`label`) that is not UTF-8. */
export function traceLabelNotUtf8(file: string, line: number, label: string): string {
  return atLocation(file, line, `the ${label} is not valid UTF-8`, 'UTF-8 text');
}
/** What each numeric column of a trace holds. */
const TRACE_NUMBER_EXPECTED = { arrival_ms: 'a finite number', duration_ms: 'a finite number ≥ 0', size_bytes: 'an integer ≥ 0 (or empty)' } as const;
/** A numeric trace field that does not hold what its column should (`text`: the field as read, '' when empty). */
export function traceBadNumber(file: string, line: number, column: keyof typeof TRACE_NUMBER_EXPECTED, text: string): string {
  return atLocation(file, line, text === '' ? `${column} is empty` : `${column} is "${text}"`, TRACE_NUMBER_EXPECTED[column]);
}
/** A trace path that is not a file. */
export function traceFileMissing(path: string): string {
  return atLocation(path, undefined, 'no such file', 'a trace CSV or CSV.gz');
}
/** A gzipped trace whose stream is corrupt. */
export function traceGzipCorrupt(path: string, why: string): string {
  return atLocation(path, undefined, `the gzip stream is corrupt (${why})`, 'a valid .gz file');
}
/** A trace meta sidecar that is not JSON. */
export function traceMetaNotJson(metaPath: string, why: string): string {
  return atLocation(metaPath, undefined, `not valid JSON (${why})`, 'the trace meta sidecar written by hsim');
}
/** A trace meta sidecar without `"format": "hsim-trace"`. */
/** A meta sidecar that describes another trace than the file beside it (e.g. a conversion killed between renames). */
export function traceMetaOfOtherTrace(metaPath: string, metaSha256: string, traceSha256: string): string {
  return atPath(metaPath, 'sha256', `${metaSha256}, but the trace beside it has SHA-256 ${traceSha256}`, 'the sidecar written with this trace (convert or generate it again; an interrupted write leaves the new trace beside the old meta)');
}
export function traceMetaNoFormat(metaPath: string): string {
  return atLocation(metaPath, undefined, 'no "format": "hsim-trace" field', 'the trace meta sidecar written by hsim');
}
/** A trace (or its sidecar) that cannot be written; the writer removed what it began. */
export function traceNotWritable(path: string, code: string, why: string): string {
  return atLocation(path, undefined, `cannot be written (${code}: ${why})`, 'a writable path with room for the trace', 'nothing was left behind');
}
/** A queueing generator asked for an offered load ρ ≥ 1 on c servers: the queue grows without bound. */
export function unstableRho(rho: number, c: number): string {
  return atOption('--rho', `${rho}, an unstable queue: arrivals bring at least as much work as ${c} server${c === 1 ? '' : 's'} can do, so the queue grows for as long as the trace lasts and no steady state (M/M/c formula) holds`, 'a load 0 < ρ < 1', 'e.g. --rho 0.95; to study overload, generate a stable trace and simulate it at --load 1.2');
}
/** A cache file whose payload hash does not match its bytes (corrupt, or edited with a recomputed CRC). */
export function cachePayloadHashMismatch(stored: string, computed: string): string {
  return `payload hash mismatch (stored ${stored}, computed ${computed}): the file is corrupt or was edited`;
}
/** A trace cache file built from another stored file than the one read now. */
export function cacheOfOtherFile(fileSha256: string): string {
  return `built from another file (SHA-256 ${fileSha256})`;
}
/** A decoded cache column with a value outside its range (`what`: e.g. "key id 7 ≥ the 3 keys"). */
export function cacheColumnOutOfRange(column: string, row: number, what: string): string {
  return `column ${column} row ${row}: ${what}`;
}
/** A cache dictionary (keys or classes) with an entry that is not a 1–256-byte string, or a repeated one. */
export function cacheBadDictionary(name: string, index: number, why: string): string {
  return `${name} entry ${index} ${why}`;
}
/** The line for a cache file that was refused: it is rebuilt, the command goes on. */
export function cacheFileRefused(path: string, reason: string): string {
  return `${path} was not used: ${reason}; rebuilt it`;
}
/** A warm-start cache that could not be written (the run goes on; it is rebuilt next time). */
export function warmCacheNotWritten(dir: string, why: string): string {
  return `cannot write the warm-start cache in ${dir} (${why}); the run goes on without it`;
}
/** A warm-start cache file that could not be read (other than missing). */
export function warmCacheNotReadable(path: string, why: string): string {
  return `cannot read ${path} (${why}); the warm start runs on the history half`;
}
/** A warm-start cache file that was refused; the warm start runs on the history half and rewrites it. */
export function warmCacheRefused(path: string, reason: string): string {
  return `${path} was not used: ${reason}; the warm start ran on the history half and rewrote it`;
}
/** The stderr line of a warm-start cache warning (the run goes on; the warm start runs on the history half). */
export function warmCacheWarningLine(warning: string): string {
  return `hsim: warning: warm-start cache: ${warning}\n`;
}
