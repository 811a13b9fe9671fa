// Small validators for parsed JSON config files: each pushes an `atPath` message to an issue list and returns a typed value.
import { atPath } from '../errors.ts';
import { describe } from '../json/json-value.ts';

/** Collects issues for one config file; every message names the file and the JSON path. */
export class IssueList {
  readonly issues: string[] = [];
  constructor(readonly file: string) {}

  /** Records that `path` holds `found` where `expected` was expected. */
  add(path: string, found: string, expected: string): void {
    this.issues.push(atPath(this.file, path, found, expected));
  }

  /** Flags every key of `obj` outside `allowed` (typos must not pass silently). */
  unknownKeys(obj: Record<string, unknown>, path: string, allowed: readonly string[]): void {
    for (const k of Object.keys(obj)) {
      if (!allowed.includes(k)) this.add(path === '' ? k : `${path}.${k}`, `an unknown field "${k}"`, `only ${allowed.join(', ')}`);
    }
  }

  /** A string field; `fallback` when absent (undefined: required). */
  string(obj: Record<string, unknown>, key: string, path: string, fallback?: string): string {
    const v = obj[key];
    if (v === undefined && fallback !== undefined) return fallback;
    if (typeof v !== 'string' || v === '') {
      this.add(join(path, key), describe(v), 'a non-empty string');
      return fallback ?? '';
    }
    return v;
  }

  /** An integer field ≥ min (and ≤ max, when given); `fallback` when absent. */
  integer(obj: Record<string, unknown>, key: string, path: string, min: number, fallback: number, max?: number): number {
    const v = obj[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || (max !== undefined && v > max)) {
      this.add(join(path, key), describe(v), max === undefined ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`);
      return fallback;
    }
    return v;
  }

  /** A field that must be one of `choices`; `fallback` when absent. */
  choice<T extends string>(obj: Record<string, unknown>, key: string, path: string, choices: readonly T[], fallback: T): T {
    const v = obj[key];
    if (v === undefined) return fallback;
    if (typeof v !== 'string' || !(choices as readonly string[]).includes(v)) {
      this.add(join(path, key), describe(v), `one of ${choices.map((c) => `"${c}"`).join(', ')}`);
      return fallback;
    }
    return v as T;
  }
}

/** Joins a JSON path and a key: `traces[0]` + `path` → `traces[0].path`. */
export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
