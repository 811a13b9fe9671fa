// Gate locks (pre-registration, SPEC §7): the frozen gate's hash and provenance, and what changed since freezing.
import { createHash } from 'node:crypto';
import { atPath } from '../src/errors.ts';
import * as msg from './messages.ts';
import { describe, isObject, type ParseOutcome } from '../src/json/json-value.ts';

/**
 * The lock written by `hsim gate freeze`: hash of the gate file's bytes, its content, tool version, commit, time;
 * and, when the gate names its experiment config, that file's path (as the gate gives it), hash and content.
 */
export interface GateLock {
  readonly gate_file: string;
  readonly gate_sha256: string;
  readonly gate: unknown;
  readonly tool_version: string;
  readonly git_commit: string;
  readonly frozen_at: string;
  readonly experiment_file?: string;
  readonly experiment_sha256?: string;
  readonly experiment?: unknown;
}

/** The experiment config a gate names, as read at freezing. */
export interface LockedExperiment {
  readonly file: string;
  readonly bytes: string | Uint8Array;
  readonly content: unknown;
}

/** SHA-256 of bytes or text (UTF-8), lowercase hex. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The lock path of a gate file: `x.json` → `x.lock.json` (another name gets `.lock.json` appended). */
export function lockPathFor(gatePath: string): string {
  return gatePath.endsWith('.json') ? `${gatePath.slice(0, -'.json'.length)}.lock.json` : `${gatePath}.lock.json`;
}

/** Builds the lock of a gate file from its bytes, parsed content and provenance. */
export function buildGateLock(gateFile: string, bytes: string | Uint8Array, content: unknown, provenance: { toolVersion: string; gitCommit: string; frozenAt: string }, experiment?: LockedExperiment): GateLock {
  return {
    gate_file: gateFile,
    gate_sha256: sha256Hex(bytes),
    gate: content,
    tool_version: provenance.toolVersion,
    git_commit: provenance.gitCommit,
    frozen_at: provenance.frozenAt,
    ...(experiment ? { experiment_file: experiment.file, experiment_sha256: sha256Hex(experiment.bytes), experiment: experiment.content } : {}),
  };
}

/** Validates parsed JSON as a lock file. Never throws. */
export function parseGateLock(input: unknown, file: string): ParseOutcome<GateLock> {
  if (!isObject(input)) return { ok: false, issues: [atPath(file, '', describe(input), 'a gate lock object')] };
  const issues: string[] = [];
  for (const key of ['gate_file', 'gate_sha256', 'tool_version', 'git_commit', 'frozen_at'] as const) {
    if (typeof input[key] !== 'string') issues.push(msg.lockFieldNotString(file, key, describe(input[key])));
  }
  for (const key of ['experiment_file', 'experiment_sha256'] as const) {
    if (input[key] !== undefined && typeof input[key] !== 'string') issues.push(msg.lockFieldNotString(file, key, describe(input[key])));
  }
  if ((input['experiment_file'] === undefined) !== (input['experiment_sha256'] === undefined)) {
    issues.push(msg.lockExperimentHalf(file, describe(input['experiment_sha256'])));
  }
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, value: input as unknown as GateLock };
}

/**
 * The JSON paths whose values differ between the frozen content and the current one (e.g.
 * `criteria.mean.limit: -0.15 → -0.1`), at most `max` of them; empty when only formatting changed.
 */
export function changedPaths(frozen: unknown, current: unknown, max = 20): string[] {
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string): void => {
    if (out.length >= max) return;
    if (isObject(a) && isObject(b)) {
      for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) walk(a[k], b[k], path === '' ? k : `${path}.${k}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${path}[${i}]`);
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${path === '' ? '(root)' : path}: ${short(a)} → ${short(b)}`);
  };
  walk(frozen, current, '');
  return out;
}

function short(v: unknown): string {
  if (v === undefined) return '(absent)';
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
