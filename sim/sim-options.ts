// Validation of simulation options from any front end (CLI flags, experiment files), collecting every issue.
import type { Load, SplitBy } from './split.ts';
import type { WindowBy } from './metrics.ts';
import { INPUT_RANGES, inRange, rangeText, type RangedInput } from '../src/input-ranges.ts';

/** Parses a load list `0.5,0.8,0.95` or `as-is`; pushes a message to `issues` for each bad entry. */
export function parseLoads(text: string, where: string, issues: string[]): Load[] {
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

/**
 * Parses a numeric option within its documented range (src/input-ranges.ts; whole where the range says so); pushes
 * an issue when it is not.
 */
export function parseInteger(text: string, where: string, range: RangedInput, issues: string[]): number {
  const r = INPUT_RANGES[range];
  const v = Number(text);
  if (text.trim() === '' || !inRange(r, v)) {
    issues.push(`${where}: "${text}"; expected ${rangeText(r)}`);
    return r.min;
  }
  return v;
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
    issues.push(`${where}: "${text}"; expected a number in (0, 1)`);
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

/** The default level: the middle one, floor((L − 1)/2) (1 of 3), the predictor's fallback level. */
export function defaultLevelFor(levels: number): number {
  return Math.floor((levels - 1) / 2);
}
