// Parameter overrides of experiments and sweeps: validation, canonical text, and how one becomes an arm + options.
import { checkParamValue, paramNames } from '../arm/arm-flags.ts';
import { type IssueList } from './json-shape.ts';
import { describe, isObject } from '../json/json-value.ts';

/** One override set: parameter name → value as written in the file (number, text, or a list of numbers). */
export type Overrides = Readonly<Record<string, OverrideValue>>;
export type OverrideValue = number | string | readonly number[];

/** Parameters that are simulate options rather than arm parameters (from the table in src/arm/arm-flags.ts). */
export const OPTION_PARAMS: readonly string[] = paramNames('option');

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
 * Checks one value of parameter `name` against the arm flag and parameter table (src/arm/arm-flags.ts); returns
 * the problem ("found …; expected …" parts) or null. The arm parser reads the same table, so a value is judged
 * the same way here (the whole file at once) and when a cell's arm is built; only rules across values, such as
 * as many weights as levels, wait for the arm.
 */
export function checkOverride(name: string, value: unknown): { found: string; expected: string } | null {
  return checkParamValue(name, value);
}

/** Validates `overrides` (an array of objects) into override sets; pushes every issue. Duplicates are refused. */
export function parseOverrideList(input: unknown, path: string, issues: IssueList): Overrides[] {
  if (input === undefined) return [{}];
  if (!Array.isArray(input) || input.length === 0) {
    issues.add(path, describe(input), 'a non-empty array of objects such as [{}, {"predictor.minSamples": 5}]');
    return [{}];
  }
  const out: Overrides[] = [];
  const seen = new Map<string, number>();
  input.forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) {
      issues.add(at, describe(item), 'an object mapping parameter → value ({} for none)');
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
