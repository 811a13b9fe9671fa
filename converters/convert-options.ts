// Command-line column choices resolved into a converter's rules, with the SPEC §4 defaults of each format.
import { atOption, InputError } from '../src/errors.ts';
import { swfPreset, type SwfPreset, type SwfSpec } from './swf-converter.ts';
import type { ArrivalRule, TableSpec, TimeUnit } from './table-converter.ts';

/** The input formats `hsim convert` knows. */
export const FORMATS = ['azure2021', 'huawei2025', 'swf', 'csv'] as const;
export type FormatName = (typeof FORMATS)[number];

/** Column flags as the CLI receives them (all optional strings). */
export interface ConvertFlags {
  preset?: string;
  arrival?: string;
  arrivalUnit?: string;
  end?: string;
  endMinus?: string;
  duration?: string;
  durationUnit?: string;
  key?: string;
  keyJoin?: string;
  keyMode?: string;
  class?: string;
  size?: string;
}

/** A format with its resolved rules. */
export type ConverterSpec = { format: 'swf'; swf: SwfSpec } | { format: Exclude<FormatName, 'swf'>; table: TableSpec };

const UNITS: readonly TimeUnit[] = ['s', 'ms', 'us'];
const PRESETS: readonly SwfPreset[] = ['lpc-egee', 'das2-fs2', 'swf'];

/**
 * Resolves the format name and flags into conversion rules, starting from the documented defaults (SPEC §4).
 * Throws InputError listing every problem (unknown format, bad unit, a flag the format does not take, …).
 */
export function resolveConverterSpec(format: string, flags: ConvertFlags): ConverterSpec {
  const issues: string[] = [];
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new InputError(`format: found "${format}"; expected one of ${FORMATS.join(', ')}`);
  }
  const fmt = format as FormatName;
  const notFor = (flag: string, value: string | undefined): void => {
    if (value !== undefined) issues.push(atOption(flag, `"${value}" given`, `no ${flag} for format ${fmt}`));
  };
  let spec: ConverterSpec;
  if (fmt === 'swf') {
    notFor('--end', flags.end);
    notFor('--end-minus', flags.endMinus);
    notFor('--arrival-unit', flags.arrivalUnit);
    notFor('--duration-unit', flags.durationUnit);
    notFor('--key-join', flags.keyJoin);
    notFor('--key-mode', flags.keyMode);
    notFor('--size', flags.size);
    const preset = (flags.preset ?? 'swf') as SwfPreset;
    if (!PRESETS.includes(preset)) issues.push(atOption('--preset', `"${flags.preset}"`, PRESETS.join(' | ')));
    const swf = swfPreset(PRESETS.includes(preset) ? preset : 'swf');
    const field = (flag: string, v: string): number => {
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > 18) issues.push(atOption(flag, `"${v}"`, 'an SWF field number 1–18 (see swf.html)'));
      return n;
    };
    if (flags.arrival !== undefined) swf.arrivalField = field('--arrival', flags.arrival);
    if (flags.duration !== undefined) swf.durationField = field('--duration', flags.duration);
    if (flags.key !== undefined) swf.keyFields = splitList(flags.key).map((k) => field('--key', k));
    if (flags.class !== undefined) swf.classField = field('--class', flags.class);
    spec = { format: 'swf', swf };
  } else {
    notFor('--preset', flags.preset);
    if (fmt !== 'huawei2025') notFor('--key-mode', flags.keyMode);
    const unit = (flag: string, v: string | undefined, dflt: TimeUnit): TimeUnit => {
      if (v === undefined) return dflt;
      if (!(UNITS as readonly string[]).includes(v)) issues.push(atOption(flag, `"${v}"`, UNITS.join(' | ')));
      return v as TimeUnit;
    };
    const dfltUnit: TimeUnit = fmt === 'csv' ? 'ms' : 's';
    const arrivalUnit = unit('--arrival-unit', flags.arrivalUnit, dfltUnit);
    const durationUnit = unit('--duration-unit', flags.durationUnit, dfltUnit);
    let d: { end: string | null; minus: string | null; duration: string | null; key: string[]; join: string; size: string | null };
    if (fmt === 'azure2021') {
      d = { end: 'end_timestamp', minus: null, duration: 'duration', key: ['app', 'func'], join: '/', size: null };
    } else if (fmt === 'huawei2025') {
      const mode = flags.keyMode ?? 'func';
      if (mode !== 'func' && mode !== 'user-func') issues.push(atOption('--key-mode', `"${mode}"`, 'func | user-func'));
      d = { end: 'time_frontend', minus: 'totalCost_frontend', duration: 'totalCost_worker', key: mode === 'user-func' ? ['userID', 'funcName'] : ['funcName'], join: '---', size: 'requestBodySize' };
    } else {
      d = { end: null, minus: null, duration: null, key: [], join: '/', size: null };
    }
    if (flags.arrival !== undefined && (flags.end !== undefined || flags.endMinus !== undefined)) {
      issues.push(atOption('--arrival', 'given together with --end/--end-minus', 'either an arrival column or an end column (arrival = end − duration)'));
    }
    const duration = flags.duration ?? d.duration;
    if (duration === null) issues.push(atOption('--duration', 'missing', 'the duration column (e.g. --duration duration_ms)'));
    let arrival: ArrivalRule;
    if (flags.arrival !== undefined) arrival = { column: flags.arrival };
    else {
      const end = flags.end ?? d.end;
      if (end === null) issues.push(atOption('--arrival', 'missing', 'an arrival column (--arrival COL) or an end column (--end COL)'));
      const minus = flags.endMinus ?? d.minus;
      arrival = minus !== null ? { end: end ?? '', minus, minusUnit: arrivalUnit } : { end: end ?? '', minus: duration ?? '', minusUnit: durationUnit };
    }
    const key = flags.key !== undefined ? splitList(flags.key) : d.key;
    if (key.length === 0) issues.push(atOption('--key', 'missing', 'one or more key columns, comma-separated (e.g. --key app,func)'));
    const table: TableSpec = {
      exactHeader: fmt === 'azure2021' ? ['app', 'func', 'end_timestamp', 'duration'] : null,
      arrival,
      arrivalUnit,
      duration: duration ?? '',
      durationUnit,
      keyColumns: key,
      keyJoin: flags.keyJoin ?? d.join,
      classColumn: flags.class ?? null,
      sizeColumn: flags.size ?? d.size,
    };
    spec = { format: fmt, table };
  }
  if (issues.length === 1) throw new InputError(issues[0]!);
  if (issues.length > 1) throw new InputError(`${issues.length} problems with the options of convert ${fmt}`, issues);
  return spec;
}

/** The rules as plain JSON for the meta sidecar's `converter.options`. */
export function specOptions(spec: ConverterSpec): Record<string, unknown> {
  return spec.format === 'swf' ? { ...spec.swf } : { ...spec.table };
}

function splitList(v: string): string[] {
  return v.split(',').map((s) => s.trim()).filter((s) => s !== '');
}
