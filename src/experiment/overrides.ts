// Parameter overrides of experiments and sweeps: validation, canonical text, and how one becomes an arm + options.
import { InputError } from '../errors.ts';
import { parsePredictorParam } from '../predictor/params.ts';
import { describeJson, isRecord, type IssueList } from './json-shape.ts';
import { INPUT_RANGES } from '../input-ranges.ts';

/** One override set: parameter name → value as written in the file (number, text, or a list of numbers). */
export type Overrides = Readonly<Record<string, OverrideValue>>;
export type OverrideValue = number | string | readonly number[];

/** Parameters that are simulate options rather than arm parameters. */
export const OPTION_PARAMS: readonly string[] = ['levels', 'workers'];
/** Parameters an arm takes after `@` (besides `predictor.<name>`). */
export const ARM_PARAMS: readonly string[] = ['aging', 'weights', 'agingInterval'];

/** The canonical text of a value: numbers as JavaScript prints them, lists joined by commas. */
export function valueText(v: OverrideValue): string {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return v;
  return v.map(String).join(',');
}

/** `name=value[,name=value…]` with names sorted; '' for no overrides. */
export function overridesText(o: Overrides): string {
  return Object.keys(o).sort().map((k) => `${k}=${valueText(o[k]!)}`).join(',');
}

/**
 * Checks one value of parameter `name`; returns the problem ("found …; expected …" parts) or null.
 * Arm parameters are checked again by the arm parser; this early check lets a whole file be judged at once.
 */
export function checkOverride(name: string, value: unknown): { found: string; expected: string } | null {
  const positiveNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && v > 0;
  if (name === 'levels' || name === 'workers') {
    const min = name === 'levels' ? 2 : 1;
    const max = INPUT_RANGES[name].max;
    return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? null : { found: describeJson(value), expected: `an integer from ${min} to ${max}` };
  }
  if (name === 'aging') {
    return value === 'off' || positiveNumber(value) ? null : { found: describeJson(value), expected: 'a positive number of ms or "off"' };
  }
  if (name === 'agingInterval') return positiveNumber(value) ? null : { found: describeJson(value), expected: 'a positive number of ms' };
  if (name === 'weights') {
    const list = typeof value === 'string' ? value.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s))) : value;
    return Array.isArray(list) && list.length > 0 && list.every(positiveNumber) ? null : { found: describeJson(value), expected: 'a list of positive numbers, e.g. [8, 3, 1]' };
  }
  if (name.startsWith('predictor.')) {
    if (typeof value !== 'number' && typeof value !== 'string') return { found: describeJson(value), expected: 'a number or a text such as "off"' };
    try {
      parsePredictorParam(name.slice('predictor.'.length), value);
      return null;
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      const m = /: (found .*?); expected (.*)$/.exec(err.message);
      return m ? { found: m[1]!.replace(/^found /, ''), expected: m[2]! } : { found: describeJson(value), expected: err.message };
    }
  }
  return { found: `an unknown parameter "${name}"`, expected: `predictor.<name>, ${[...ARM_PARAMS, ...OPTION_PARAMS].join(', ')}` };
}

/** Validates `overrides` (an array of objects) into override sets; pushes every issue. Duplicates are refused. */
export function parseOverrideList(input: unknown, path: string, issues: IssueList): Overrides[] {
  if (input === undefined) return [{}];
  if (!Array.isArray(input) || input.length === 0) {
    issues.add(path, describeJson(input), 'a non-empty array of objects such as [{}, {"predictor.minSamples": 5}]');
    return [{}];
  }
  const out: Overrides[] = [];
  const seen = new Map<string, number>();
  input.forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (!isRecord(item)) {
      issues.add(at, describeJson(item), 'an object mapping parameter → value ({} for none)');
      return;
    }
    const o: Record<string, OverrideValue> = {};
    let bad = false;
    for (const [k, v] of Object.entries(item)) {
      const problem = checkOverride(k, v);
      if (problem) issues.add(`${at}.${k}`, problem.found, problem.expected);
      else o[k] = Array.isArray(v) ? (v as number[]) : (v as number | string);
      bad ||= problem !== null;
    }
    if (bad) return;
    const text = overridesText(o);
    const prior = seen.get(text);
    if (prior !== undefined) issues.add(at, `the same overrides as ${path}[${prior}] (${text === '' ? 'none' : text})`, 'distinct override sets');
    else seen.set(text, i);
    out.push(o);
  });
  return out;
}

/** How an override set applies to an arm: the arm text for the parser and the simulate options it changes. */
export interface AppliedOverrides {
  /** `arm` or `arm@name=value,…` with the arm parameters (names sorted). */
  readonly armText: string;
  readonly levels: number | null;
  readonly workers: number | null;
}

/** Splits an override set into the arm text (`arm@…`) and the simulate options `levels`, `workers`. */
export function applyOverrides(arm: string, o: Overrides): AppliedOverrides {
  const armPart: Record<string, OverrideValue> = {};
  for (const [k, v] of Object.entries(o)) if (!OPTION_PARAMS.includes(k)) armPart[k] = v;
  const text = overridesText(armPart);
  const levels = o['levels'];
  const workers = o['workers'];
  return {
    armText: text === '' ? arm : `${arm}@${text}`,
    levels: typeof levels === 'number' ? levels : null,
    workers: typeof workers === 'number' ? workers : null,
  };
}

/** The key of an arm under overrides in merged results: `arm`, or `arm@name=value[,…]` (names sorted). */
export function armKey(arm: string, o: Overrides): string {
  const text = overridesText(o);
  return text === '' ? arm : `${arm}@${text}`;
}
