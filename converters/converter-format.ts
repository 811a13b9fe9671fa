// The contract of one input format of `hsim convert`: its name, help, flags, defaults and row parser.
import type { RowParser } from './row-parser.ts';
import type { TableSpec } from './table-converter.ts';

/** Flag values as the CLI receives them, by commander attribute name (`--end-minus` → `endMinus`). */
export type ConvertFlags = Record<string, string | undefined>;

/** One command-line option a format takes: the commander spec (`--key <cols>`) and what it means for the format. */
export interface FormatFlag {
  spec: string;
  help: string;
}

/** A format's rules resolved from its flags: plain JSON (recorded in the meta) plus the parser they make. */
export interface ConverterSpec {
  /** The format's name, as typed after `hsim convert`. */
  readonly format: string;
  /** The resolved rules, recorded as the meta sidecar's `converter.options`. */
  readonly rules: object;
  /** Creates a line parser for `file` (named in error messages). */
  readonly createParser: (file: string) => RowParser;
  /**
   * The rules of a header-led CSV table (table-converter.ts), for a conversion thread to rebuild the parser from:
   * a format with them can be converted in parallel ranges (parallel-convert.ts).
   */
  readonly table?: TableSpec;
}

/** One input format: everything `hsim convert` needs to know about it. */
export interface ConverterFormat {
  readonly name: string;
  /** One line for `hsim convert --help`. */
  readonly description: string;
  /** The options it takes; any other column option given is refused for this format. */
  readonly flags: readonly FormatFlag[];
  /** Default value of each option that has one, as it would be typed (shown in --help). */
  readonly defaults: Readonly<Record<string, string>>;
  /** Resolves flags into rules (starting from the defaults); pushes every problem into `issues` (atOption texts). */
  resolve(flags: ConvertFlags, issues: string[]): ConverterSpec;
}

/** The commander attribute name of an option spec: `--end-minus <col>` → `endMinus`. */
export function flagAttribute(spec: string): string {
  const long = /--([a-z0-9-]+)/.exec(spec)?.[1] ?? '';
  return long.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The long option name of a spec: `--end-minus <col>` → `--end-minus`. */
export function flagName(spec: string): string {
  return /--[a-z0-9-]+/.exec(spec)?.[0] ?? spec;
}

/** Splits a comma-separated option value into its trimmed, non-empty parts. */
export function splitList(v: string): string[] {
  return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
