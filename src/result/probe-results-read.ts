// Reading the optional per-key and queue-series fields of an arm result (`simulate --by-key`, `--series`).
import { describe, isObject } from '../json/json-value.ts';

/** One key's figures in `by_key`. */
export interface KeyRead {
  readonly count: number;
  readonly meanWaitMs: number;
  readonly meanLatencyMs: number;
}

/** An arm's `series`: sample instants, busy workers, and per level (outer index) the waiting counts and promoted shares. */
export interface SeriesRead {
  readonly atMs: readonly number[];
  readonly busy: readonly number[];
  readonly waiting: readonly (readonly number[])[];
  readonly promotedShare: readonly (readonly number[])[];
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** `by_key` as read, or null when absent or malformed (then described in `issues`, nothing else read). Never throws. */
export function parseByKey(raw: unknown, where: string, issues: string[]): Record<string, KeyRead> | null {
  if (raw === undefined || raw === null) return null;
  if (!isObject(raw)) {
    issues.push(`${where}: found ${describe(raw)}; expected an object of key → {count, mean_wait_ms, mean_latency_ms} (ignored)`);
    return null;
  }
  const out: [string, KeyRead][] = [];
  for (const [key, v] of Object.entries(raw)) {
    if (!isObject(v) || !finite(v['count']) || !finite(v['mean_wait_ms']) || !finite(v['mean_latency_ms'])) {
      issues.push(`${where}.${key}: found ${describe(v)}; expected {count, mean_wait_ms, mean_latency_ms} numbers (by_key ignored)`);
      return null;
    }
    out.push([key, { count: v['count'], meanWaitMs: v['mean_wait_ms'], meanLatencyMs: v['mean_latency_ms'] }]);
  }
  return Object.fromEntries(out);
}

/** `series` as read, or null when absent or malformed (described in `issues`). Never throws. */
export function parseSeries(raw: unknown, where: string, issues: string[]): SeriesRead | null {
  if (raw === undefined || raw === null) return null;
  const numbers = (v: unknown, n: number | null): v is number[] => Array.isArray(v) && (n === null || v.length === n) && v.every(finite);
  const bad = (what: string): null => {
    issues.push(`${where}: ${what} (series ignored)`);
    return null;
  };
  if (!isObject(raw)) return bad(`found ${describe(raw)}; expected an object {at_ms, busy, waiting, promoted_share}`);
  const at = raw['at_ms'];
  if (!numbers(at, null) || at.length === 0) return bad('at_ms: expected a non-empty array of numbers');
  const n = at.length;
  if (!numbers(raw['busy'], n)) return bad(`busy: expected ${n} numbers, one per sample`);
  const levels = (name: string): number[][] | null => {
    const v = raw[name];
    return Array.isArray(v) && v.length > 0 && v.every((l) => numbers(l, n)) ? (v as number[][]) : null;
  };
  const waiting = levels('waiting');
  const share = levels('promoted_share');
  if (waiting === null || share === null || share.length !== waiting.length) return bad(`waiting and promoted_share: expected one array of ${n} numbers per level, as many levels in each`);
  return { atMs: at, busy: raw['busy'], waiting, promotedShare: share };
}
