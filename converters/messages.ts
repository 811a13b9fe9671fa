// User-facing texts of hsim convert: external formats, rows, rejects.
// One named function per message; the texts several floors share are in src/messages.ts.
import { atLocation, atOption } from '../src/errors.ts';

/** A format name after `hsim convert` that is not in the format table. */
export function convertUnknownFormat(name: string, known: readonly string[]): string {
  return `format: found "${name}"; expected one of ${known.join(', ')}`;
}
/** Headline of several problems with the options of `hsim convert FORMAT` (the issues follow as a list). */
export function convertOptionProblems(format: string, count: number): string {
  return `${count} problems with the options of convert ${format}`;
}
/** A column or field option the format does not take. */
export function convertFlagNotTaken(option: string, value: string, format: string): string {
  return atOption(option, `"${value}" given`, `no ${option} for format ${format}`);
}
/** An option value outside its list of choices (`--preset`, `--key-mode`, `--arrival-unit`, …). */
export function convertChoice(option: string, value: string | undefined, choices: readonly string[]): string {
  return atOption(option, `"${value}"`, choices.join(' | '));
}
/** An SWF field option that is not a field number 1–18. */
export function convertSwfField(option: string, value: string): string {
  return atOption(option, `"${value}"`, 'an SWF field number 1–18 (see swf.html)');
}
/** `--arrival` given together with `--end`/`--end-minus`. */
export function convertArrivalAndEnd(): string {
  return atOption('--arrival', 'given together with --end/--end-minus', 'either an arrival column or an end column (arrival = end − duration)');
}
/** `--duration` missing for a table format without a default. */
export function convertDurationMissing(): string {
  return atOption('--duration', 'missing', 'the duration column (e.g. --duration duration_ms)');
}
/** Neither `--arrival` nor `--end` for a table format without a default. */
export function convertArrivalMissing(): string {
  return atOption('--arrival', 'missing', 'an arrival column (--arrival COL) or an end column (--end COL)');
}
/** `--key` missing for a table format without a default. */
export function convertKeyMissing(): string {
  return atOption('--key', 'missing', 'one or more key columns, comma-separated (e.g. --key app,func)');
}
/** `-o` that does not end in NAME.csv or NAME.csv.gz. */
export function convertOutputName(target: string): string {
  return atOption('-o', `"${target}"`, 'a path ending in NAME.csv or NAME.csv.gz');
}
/** A rejected row under `--strict`. */
export function convertStrictReject(file: string, line: number, reason: string): string {
  return atLocation(file, line, `row rejected (${reason})`, 'every row to convert', '--strict turns any reject into an error; drop it to count rejects instead');
}
/** An input with no data row at all. */
export function convertNoDataRows(file: string, format: string): string {
  return atLocation(file, undefined, 'holds no data rows', `rows in ${format} format`);
}
/** An input whose every row was rejected (`byReason` is the rejects' JSON by reason). */
export function convertNoRowKept(file: string, read: number, byReason: string): string {
  return atLocation(file, undefined, `no row kept: ${read} read, rejected ${byReason}`, 'at least one convertible row', 'see --check, or the column flags');
}
/** A conversion stopped by its abort signal (Ctrl-C); `file` is the input when known. */
export function convertInterrupted(file?: string): string {
  return file === undefined ? 'conversion interrupted' : `${file}: conversion interrupted`;
}
/** An input path that is a directory. */
export function convertInputIsDirectory(file: string): string {
  return atLocation(file, undefined, 'is a directory', 'a trace file');
}
/** An input that cannot be opened (`code` as errno gives it). */
export function convertInputUnreadable(file: string, code: string): string {
  return atLocation(file, undefined, `cannot be read (${code})`, 'an existing, readable file');
}
/** An input named `.gz` without the gzip magic bytes. */
export function convertNotGzip(file: string): string {
  return atLocation(file, undefined, 'the name ends in .gz but the content is not gzip (no 1f 8b magic bytes)', 'a gzip file', 'rename it or recompress it');
}
/** A gzip input that zlib cannot finish (`detail` is zlib's message), at the line reached. */
export function convertGzipCorrupt(file: string, line: number, detail: string): string {
  return atLocation(file, line, `gzip data is truncated or corrupt (zlib: ${detail})`, 'a complete gzip file', 'download it again; `gzip -t` checks a file');
}
/** A read that failed mid-file (`code` as errno gives it). */
export function convertReadFailed(file: string, line: number, code: string): string {
  return atLocation(file, line, `read failed (${code})`, 'a readable file');
}
/** A CSV header line that is not UTF-8. */
export function convertHeaderNotUtf8(file: string, line: number): string {
  return atLocation(file, line, 'the header is not UTF-8 text (binary data?)', 'a CSV header line');
}
/** A CSV header line over the line-length limit. */
export function convertHeaderTooLong(file: string, line: number, maxBytes: number): string {
  return atLocation(file, line, `the header line is over ${maxBytes} bytes`, 'a CSV header line', 'is this a CSV file with a header?');
}
/** A CSV header with malformed quoting (`shown` is the quoted, possibly cut header). */
export function convertHeaderQuoting(file: string, line: number, shown: string): string {
  return atLocation(file, line, `header line ${shown} has malformed quoting`, 'a CSV header');
}
/** A header that is not exactly the format's header. */
export function convertHeaderNotExact(file: string, line: number, shown: string, expected: readonly string[]): string {
  return atLocation(file, line, `header is ${shown}`, `exactly "${expected.join(',')}"`, 'is this the right format? a file without a header is not accepted');
}
/** A header lacking columns the conversion uses. */
export function convertHeaderLacks(file: string, line: number, shown: string, missing: readonly string[]): string {
  return atLocation(file, line, `header ${shown} lacks column(s) ${missing.join(', ')}`, 'a header naming every column the conversion uses', 'choose columns with --arrival/--end/--duration/--key/--class/--size');
}
/** A CSV input without even a header line. */
export function convertCsvEmpty(file: string): string {
  return atLocation(file, undefined, 'is empty (no header line)', 'a CSV file with a header line and data rows');
}

