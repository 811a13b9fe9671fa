// A cell job as it comes off the queue: untrusted JSON, parsed into a CellTask at the worker's boundary (or refused).
import { isAbsolute, normalize, sep } from 'node:path';
import { InputError } from '../src/errors.ts';
import { INPUT_RANGES, inRange, rangeText } from '../src/input-ranges.ts';
import { describe, isObject, type ParseOutcome } from '../src/json/json-value.ts';
import type { CellBlock } from './cell-file.ts';
import { taskConfig, type CellTask } from './cell-task.ts';
import { parseGeneratorSpec } from '../src/config/generator-spec.ts';
import { IssueList } from '../src/config/json-shape.ts';

/** What the issues of a job call the job in messages. */
const JOB = 'queue job';
const SHA256 = /^[0-9a-f]{64}$/;
/** Longest text field a job may carry (ids, labels, arm texts): no honest cell comes near it. */
const MAX_TEXT = 1000;
const TASK_KEYS = [
  'id', 'tracePath', 'traceLabel', 'traceSha256', 'load', 'armText', 'key', 'levels', 'workers', 'seed', 'split', 'fraction',
  'windows', 'windowBy', 'cache', 'block', 'ties', 'jitter', 'latencyCdf', 'generate', 'cores', 'overheadMs',
];
const BLOCK_KEYS = [
  'id', 'index', 'experiment', 'experiment_hash', 'cells_total', 'trace_name', 'load', 'arm', 'overrides', 'repeat', 'key', 'base',
  'experiment_commit', 'trace_spec_sha256',
];

/** Whether `text` holds a control character (below U+0020, or DEL). */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Whether `path` is an absolute, normalised path (no `..`, no NUL) inside one of `folders` (absolute, normalised). */
export function insideFolders(path: string, folders: readonly string[]): boolean {
  if (!isAbsolute(path) || path.includes('\0') || normalize(path) !== path) return false;
  return folders.some((f) => path === f || path.startsWith(f.endsWith(sep) ? f : f + sep));
}

/**
 * Parses a job's data into the cell task `hsim run` would have put on the queue: the task's fields with their types,
 * the ranges of experiment files (src/input-ranges.ts, the arm and option checks of `hsim simulate`, a generated
 * trace's spec as in an experiment file), an absolute normalised trace path and a SHA-256. Whether the trace lies in
 * the folders this worker reads is the caller's check (it needs the file system). Pure: reads and writes nothing.
 * Issues name the job's field (`queue job → levels: 0; expected …`) and quote only the job's own values.
 */
export function parseCellJob(input: unknown): ParseOutcome<CellTask> {
  const issues = new IssueList(JOB);
  if (!isObject(input)) return { ok: false, issues: [`${JOB}: ${describe(input)}; expected the cell task written by hsim run --queue`] };
  issues.unknownKeys(input, '', TASK_KEYS);
  const text = (key: string, v: unknown = input[key], path = key): void => {
    if (typeof v !== 'string' || v === '' || v.length > MAX_TEXT || hasControl(v)) issues.add(path, describe(v), `a non-empty string of at most ${MAX_TEXT} printable characters`);
  };
  const ranged = (key: keyof typeof INPUT_RANGES, field: string, optional = false): void => {
    const v = input[field];
    if (optional && v === undefined) return;
    if (typeof v !== 'number' || !inRange(INPUT_RANGES[key], v)) issues.add(field, describe(v), rangeText(INPUT_RANGES[key]));
  };
  for (const k of ['id', 'traceLabel', 'load', 'armText', 'key', 'split', 'windowBy']) text(k);
  for (const k of ['ties', 'jitter']) if (input[k] !== undefined) text(k);
  const tracePath = input['tracePath'];
  if (typeof tracePath !== 'string' || !isAbsolute(tracePath) || tracePath.includes('\0') || normalize(tracePath) !== tracePath || tracePath.length > 4096) {
    issues.add('tracePath', describe(tracePath), 'an absolute path without "..", as hsim run writes it');
  }
  if (typeof input['traceSha256'] !== 'string' || !SHA256.test(input['traceSha256'])) issues.add('traceSha256', describe(input['traceSha256']), '64 lowercase hex digits (a SHA-256)');
  ranged('levels', 'levels');
  ranged('workers', 'workers');
  ranged('seed', 'seed');
  ranged('windows', 'windows');
  ranged('cores', 'cores', true);
  ranged('overhead', 'overheadMs', true);
  const fraction = input['fraction'];
  if (typeof fraction !== 'number' || !Number.isFinite(fraction)) issues.add('fraction', describe(fraction), 'a number (its range is checked as --fraction)');
  if (typeof input['cache'] !== 'boolean') issues.add('cache', describe(input['cache']), 'true or false');
  if (input['latencyCdf'] !== undefined && input['latencyCdf'] !== true) issues.add('latencyCdf', describe(input['latencyCdf']), 'true, or no field');
  parseBlock(input['block'], issues);
  const generate = input['generate'];
  if (generate !== undefined) {
    if (!isObject(generate) || !isObject(generate['spec'])) issues.add('generate', describe(generate), '{"spec": {"kind": …, "options": {…}}, "seed": …}');
    else {
      issues.unknownKeys(generate, 'generate', ['spec', 'seed']);
      if (typeof generate['seed'] !== 'number' || !inRange(INPUT_RANGES.seed, generate['seed'])) issues.add('generate.seed', describe(generate['seed']), rangeText(INPUT_RANGES.seed));
      const spec = generate['spec'];
      issues.unknownKeys(spec, 'generate.spec', ['kind', 'options']);
      const options = spec['options'];
      if (!isObject(options)) issues.add('generate.spec.options', describe(options), 'an object of generator options');
      else {
        const parsed = parseGeneratorSpec({ ...options, kind: spec['kind'] }, 'generate.spec', issues);
        // A spec from hsim run has every option filled in: anything else would hash (and name its file) differently.
        if (parsed !== null && JSON.stringify(Object.keys(options).sort()) !== JSON.stringify(Object.keys(parsed.options).sort())) {
          issues.add('generate.spec.options', 'options missing', `every option of kind "${parsed.kind}" (${Object.keys(parsed.options).join(', ')})`);
        }
      }
    }
  }
  if (issues.issues.length === 0) {
    // The arm, load, split and window settings as `hsim simulate` checks them.
    try {
      taskConfig(input as unknown as CellTask);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      for (const m of err.issues) issues.issues.push(`${JOB}: ${m}`);
    }
  }
  if (issues.issues.length > 0) return { ok: false, issues: issues.issues };
  return { ok: true, value: input as unknown as CellTask };
}

/** Checks the cell block's fields and types (the worker copies it into the cell's file). */
function parseBlock(v: unknown, issues: IssueList): void {
  if (!isObject(v)) {
    issues.add('block', describe(v), 'the cell block written by hsim run');
    return;
  }
  issues.unknownKeys(v, 'block', BLOCK_KEYS);
  const str = (k: keyof CellBlock): void => {
    const x = v[k];
    if (typeof x !== 'string' || x.length > MAX_TEXT) issues.add(`block.${k}`, describe(x), `a string of at most ${MAX_TEXT} characters`);
  };
  const int = (k: keyof CellBlock): void => {
    const x = v[k];
    if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < 0) issues.add(`block.${k}`, describe(x), 'a whole number ≥ 0');
  };
  for (const k of ['id', 'experiment', 'experiment_hash', 'trace_name', 'load', 'arm', 'key'] as const) str(k);
  for (const k of ['index', 'cells_total', 'repeat'] as const) int(k);
  if (v['experiment_commit'] !== undefined) str('experiment_commit');
  if (v['trace_spec_sha256'] !== undefined) str('trace_spec_sha256');
  const overrides = v['overrides'];
  const value = (x: unknown): boolean => typeof x === 'string' || (typeof x === 'number' && Number.isFinite(x)) || (Array.isArray(x) && x.every((n) => typeof n === 'number' && Number.isFinite(n)));
  if (!isObject(overrides) || !Object.values(overrides).every(value)) {
    issues.add('block.overrides', describe(overrides), 'an object of parameter values');
  }
  const base = v['base'];
  if (!isObject(base) || !inRange(INPUT_RANGES.levels, base['levels'] as number) || !inRange(INPUT_RANGES.workers, base['workers'] as number) || !inRange(INPUT_RANGES.seed, base['seed'] as number) || Object.keys(base).length !== 3) {
    issues.add('block.base', describe(base), '{"levels", "workers", "seed"} in their ranges');
  }
}
