// Validation of simulation options from any front end (CLI flags, experiment files), collecting every issue.
import type { Load, SplitBy } from './split.ts';
import type { WindowBy } from './metrics.ts';
import { INPUT_RANGES, inRange, rangeText } from '../src/input-ranges.ts';
import { decimalCommaNumber } from '../src/config/numeric-input.ts';
import * as msg from './messages.ts';
import * as coreMsg from '../src/messages.ts';
import type { ArmSpec } from './arms/arm-spec.ts';

/**
 * The load list `text` read with decimal commas, or null when it has none. The rule: a part of digits only that is
 * not a load by itself (0, or above the range), followed by a part of digits only, is a decimal comma when the two
 * joined by a point make a load in range (`0,8` → 0.8; `0,5,0,8` → 0.5,0.8). `0.5,0.8` and `1,5` are lists as written.
 */
export function decimalCommaLoads(text: string): string | null {
  const parts = text.split(',').map((s) => s.trim());
  const out: string[] = [];
  let merged = false;
  for (let i = 0; i < parts.length; i++) {
    const a = parts[i]!;
    const b = parts[i + 1];
    const digits = /^\d+$/;
    if (b !== undefined && digits.test(a) && digits.test(b) && !inRange(INPUT_RANGES.load, Number(a)) && inRange(INPUT_RANGES.load, Number(`${a}.${b}`))) {
      out.push(String(Number(`${a}.${b}`)));
      merged = true;
      i++;
    } else out.push(a);
  }
  return merged ? out.join(',') : null;
}

/** Parses a load list `0.5,0.8,0.95` or `as-is`; pushes a message to `issues` for each bad entry (one for a decimal comma). */
export function parseLoads(text: string, where: string, issues: string[]): Load[] {
  const meant = decimalCommaLoads(text);
  if (meant !== null) {
    issues.push(msg.decimalCommaList(where, text, meant));
    return [];
  }
  const out: Load[] = [];
  for (const part of text.split(',').map((s) => s.trim())) {
    if (part === 'as-is') {
      out.push('as-is');
      continue;
    }
    const v = Number(part);
    if (part === '' || !inRange(INPUT_RANGES.load, v)) issues.push(`${where}: load "${part}"; expected ${rangeText(INPUT_RANGES.load)} or as-is`);
    else out.push(v);
  }
  return out;
}

export function parseSplit(text: string, where: string, issues: string[]): SplitBy {
  if (text === 'time' || text === 'count' || text === 'none') return text;
  issues.push(`${where}: "${text}"; expected time, count or none`);
  return 'time';
}

export function parseWindowBy(text: string, where: string, issues: string[]): WindowBy {
  if (text === 'time' || text === 'count') return text;
  issues.push(`${where}: "${text}"; expected time or count`);
  return 'time';
}

/** Parses the split fraction in (0, 1). */
export function parseFraction(text: string, where: string, issues: string[]): number {
  const v = Number(text);
  if (!(v > 0 && v < 1)) {
    const meant = decimalCommaNumber(text);
    issues.push(meant !== null && meant > 0 && meant < 1 ? coreMsg.decimalComma(where, text, String(meant), 'a number in (0, 1)') : `${where}: "${text}"; expected a number in (0, 1)`);
    return 0.5;
  }
  return v;
}

/**
 * Validates a parsed static map (JSON object key-or-class → level in [0, levels − 1]).
 * `file` names the source in messages.
 */
export function parseStaticMap(json: unknown, file: string, levels: number, issues: string[]): Map<string, number> {
  const map = new Map<string, number>();
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    issues.push(`${file}: found ${Array.isArray(json) ? 'an array' : typeof json}; expected a JSON object mapping key or class to a level`);
    return map;
  }
  for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= levels) {
      issues.push(`${file} → ${JSON.stringify(k)}: found ${JSON.stringify(v)}; expected an integer level from 0 to ${levels - 1}`);
    } else map.set(k, v);
  }
  return map;
}

/**
 * The problem of running `arm` on `levels` levels (as --levels gave them), or null: a routing with a predictor needs
 * two levels at least, which the user set with --levels, not with the predictor's own `levels` parameter.
 */
export function armLevelsProblem(arm: ArmSpec, levels: number): string | null {
  return arm.routing.needsPredictor && levels < 2 ? msg.predictiveNeedsLevels(levels, arm.text) : null;
}

/** The default level: the middle one, floor((L − 1)/2) (1 of 3), the predictor's fallback level. */
export function defaultLevelFor(levels: number): number {
  return Math.floor((levels - 1) / 2);
}
