// Handlers that compute: `--cores` / `--overhead` options and the `cores` / `overhead_ms` fields of experiments and sweeps.
import { InputError } from '../errors.ts';
import { INPUT_RANGES, inRange, rangeText } from '../input-ranges.ts';
import { parseInteger } from './numeric-input.ts';
import { type IssueList } from './json-shape.ts';
import { describe } from '../json/json-value.ts';

/** Cores shared by the running handlers and the broker's cost per message (ms); each absent when not given. */
export interface Contention {
  readonly cores?: number;
  readonly overheadMs?: number;
}

/**
 * `--cores N` and `--overhead MS` from command-line options (strings as commander hands them over); absent options
 * stay absent, so a run without them records nothing new. Pushes an issue naming the option for a bad value.
 */
export function parseContentionOptions(opts: Record<string, unknown>, issues: string[]): Contention {
  const out: { cores?: number; overheadMs?: number } = {};
  if (opts['cores'] !== undefined) out.cores = parseInteger(String(opts['cores']), 'option --cores', 'cores', issues);
  if (opts['overhead'] !== undefined) out.overheadMs = parseInteger(String(opts['overhead']), 'option --overhead', 'overhead', issues);
  return out;
}

/** The optional `cores` and `overhead_ms` fields of an experiment or sweep file; absent when not written. */
export function parseContentionFields(input: Record<string, unknown>, issues: IssueList): Contention {
  const out: { cores?: number; overheadMs?: number } = {};
  for (const [field, range, set] of [
    ['cores', INPUT_RANGES.cores, (v: number) => (out.cores = v)],
    ['overhead_ms', INPUT_RANGES.overhead, (v: number) => (out.overheadMs = v)],
  ] as const) {
    const v = input[field];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !inRange(range, v)) issues.add(field, describe(v), rangeText(range));
    else set(v);
  }
  return out;
}

/**
 * The spec with the command line's `--cores` / `--overhead` in place of its `cores` / `overheadMs` fields (each
 * flag replaces only its own field). Throws InputError naming the option for a bad value.
 */
export function withContentionFlags<T extends Contention>(spec: T, opts: Record<string, unknown>): T {
  const issues: string[] = [];
  const given = parseContentionOptions(opts, issues);
  if (issues.length > 0) throw new InputError(issues.length === 1 ? issues[0]! : `${issues.length} problems with the options`, issues);
  return { ...spec, ...given };
}
