// Command-line column choices resolved into a converter's rules through the format table (no format named here).
import * as msg from './messages.ts';
import { InputError } from '../src/errors.ts';
import { flagAttribute, flagName, type ConvertFlags, type ConverterFormat, type ConverterSpec, type FormatFlag } from './converter-format.ts';
import { CONVERTER_FORMATS } from './formats.ts';

export type { ConvertFlags, ConverterSpec } from './converter-format.ts';

/** The names of the input formats `hsim convert` knows, in table order. */
export const FORMATS: readonly string[] = CONVERTER_FORMATS.map((f) => f.name);

/** The format called `name`. @throws InputError listing the known formats. */
export function converterFormat(name: string): ConverterFormat {
  const f = CONVERTER_FORMATS.find((x) => x.name === name);
  if (f === undefined) throw new InputError(msg.convertUnknownFormat(name, FORMATS));
  return f;
}

/** One column option of the CLI with, per format that takes it, what it means there. */
export interface CliFlag {
  spec: string;
  attribute: string;
  uses: { format: string; help: string }[];
}

/** Every column option of any format, once, in table order (what the CLI registers). */
export function converterFlags(formats: readonly ConverterFormat[] = CONVERTER_FORMATS): CliFlag[] {
  const out = new Map<string, CliFlag>();
  for (const f of formats) {
    for (const flag of f.flags) {
      const name = flagName(flag.spec);
      let c = out.get(name);
      if (c === undefined) {
        c = { spec: flag.spec, attribute: flagAttribute(flag.spec), uses: [] };
        out.set(name, c);
      }
      c.uses.push({ format: f.name, help: flag.help });
    }
  }
  return [...out.values()];
}

/** The --help text of a CLI column option: its meaning per format, formats with the same meaning grouped. */
export function cliFlagHelp(flag: CliFlag): string {
  const byHelp = new Map<string, string[]>();
  for (const u of flag.uses) byHelp.set(u.help, [...(byHelp.get(u.help) ?? []), u.format]);
  return [...byHelp].map(([help, formats]) => `${formats.join(', ')}: ${help}`).join('; ');
}

/**
 * Resolves the format name and flags into conversion rules, starting from the format's documented defaults
 * (SPEC §4). Throws InputError listing every problem (unknown format, bad unit, an option the format does not take, …).
 */
export function resolveConverterSpec(format: string, flags: ConvertFlags): ConverterSpec {
  const fmt = converterFormat(format);
  const issues: string[] = [];
  const takes = new Set(fmt.flags.map((f: FormatFlag) => flagAttribute(f.spec)));
  for (const c of converterFlags()) {
    const value = flags[c.attribute];
    const name = flagName(c.spec);
    if (value !== undefined && !takes.has(c.attribute)) issues.push(msg.convertFlagNotTaken(name, value, fmt.name));
  }
  const spec = fmt.resolve(flags, issues);
  if (issues.length === 1) throw new InputError(issues[0]!);
  if (issues.length > 1) throw new InputError(msg.convertOptionProblems(fmt.name, issues.length), issues);
  return spec;
}

/** The rules as plain JSON for the meta sidecar's `converter.options`. */
export function specOptions(spec: ConverterSpec): Record<string, unknown> {
  return { ...spec.rules } as Record<string, unknown>;
}
