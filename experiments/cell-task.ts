// Running one cell: read the trace (once per thread, by path + SHA-256), simulate one load × arm, build its file.
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import type { LoadedTrace } from '../traces/trace-io.ts';
import { readTraceForCli, warmStoreForCli } from '../traces/trace-read-io.ts';
import { simulate, type SimulationConfig } from '../sim/simulate.ts';
import { EngineBuffers } from '../sim/engine-buffers.ts';
import type { CellBlock } from './cell-file.ts';
import { buildSimulationConfig, optionsRecord } from '../sim/simulation-config-io.ts';
import { buildResultFile } from '../src/result/result-file.ts';
import { resultFileText } from '../src/result/result-file-io.ts';
import { cliProvenance } from '../src/io/provenance-io.ts';
import { existsSync } from 'node:fs';
import { defaultCacheDir } from '../traces/trace-io.ts';
import type { GeneratorSpec } from '../src/config/generator-spec.ts';
import { ensureGeneratedTrace, generatedTracePath } from './generated-trace-io.ts';

/** Everything a cell needs, as plain data (it crosses thread and machine boundaries). */
export interface CellTask {
  readonly id: string;
  /** Path to read the trace from (absolute on the coordinator; the same path on every queue worker). */
  readonly tracePath: string;
  /** Path recorded in result files: as written in the experiment file. */
  readonly traceLabel: string;
  readonly traceSha256: string;
  readonly load: string;
  readonly armText: string;
  readonly key: string;
  readonly levels: number;
  readonly workers: number;
  readonly seed: number;
  readonly split: string;
  readonly fraction: number;
  readonly windows: number;
  readonly windowBy: string;
  readonly cache: boolean;
  readonly block: CellBlock;
  /** `shuffle:SEED` / `MS:SEED` perturbations before the split (absent: none). */
  readonly ties?: string;
  readonly jitter?: string;
  /** Store the cell's latency CDF (the experiment's `"latency_cdf": true`); absent: none. */
  readonly latencyCdf?: true;
  /** For a generated trace: its spec and seed, so that a machine without `tracePath` can make the trace itself. */
  readonly generate?: { readonly spec: GeneratorSpec; readonly seed: number };
  /** Cores shared by computing handlers and the broker's cost per message, ms (absent: a core each, none). */
  readonly cores?: number;
  readonly overheadMs?: number;
}

/** A finished cell: its file's text, or why it failed (`input`: bad input, exit 2; else internal). */
export type CellOutcome =
  | { readonly ok: true; readonly id: string; readonly text: string }
  | { readonly ok: false; readonly id: string; readonly input: boolean; readonly message: string };

/** The simulation config of a task, validated like `hsim simulate` options. Throws InputError. */
export function taskConfig(task: CellTask): SimulationConfig {
  return buildSimulationConfig({
    arm: [task.armText], load: task.load, workers: String(task.workers), levels: String(task.levels), split: task.split,
    fraction: String(task.fraction), windows: String(task.windows), windowBy: task.windowBy, set: [], seed: String(task.seed),
    ties: task.ties, jitter: task.jitter,
    ...(task.latencyCdf === true ? { latencyCdf: true } : {}),
    ...(task.cores === undefined ? {} : { cores: String(task.cores) }),
    ...(task.overheadMs === undefined ? {} : { overhead: String(task.overheadMs) }),
  });
}

/** This thread's traces, by traceKey. */
const traces = new Map<string, Promise<LoadedTrace>>();
const traceKey = (path: string, sha256: string): string => `${path}\n${sha256}`;
/** One buffer pool per thread: consecutive cells reuse memory instead of faulting in fresh pages. */
const buffers = new EngineBuffers();

/** A trace read and checked, with the path and expected SHA-256 it was asked for. */
export interface LoadedTraceEntry {
  readonly path: string;
  readonly expected: string;
  readonly trace: LoadedTrace;
}

/**
 * Puts traces read elsewhere (the coordinator hands its traces to worker threads) into this thread's cache, unless
 * it holds that path and SHA-256 already: cells then keep using one trace object (and its cached row keys).
 */
export function seedTraceCache(entry: LoadedTraceEntry): void {
  const k = traceKey(entry.path, entry.expected);
  if (!traces.has(k)) traces.set(k, Promise.resolve(entry.trace));
}

/** Drops a trace from this thread's cache. */
export function forgetTrace(path: string, sha256: string): void {
  traces.delete(traceKey(path, sha256));
}

/**
 * Reads a trace once per thread (cached by path + expected SHA-256) and checks its SHA-256.
 * Throws InputError for a missing or unreadable trace, or one whose content differs from `sha256`.
 */
export async function loadTraceChecked(path: string, sha256: string, cache: boolean): Promise<LoadedTrace> {
  const k = traceKey(path, sha256);
  let p = traces.get(k);
  if (p === undefined) {
    p = readTraceForCli(path, { cache }).then((t) => {
      if (t.sha256 !== sha256) {
        throw new InputError(msg.traceChanged(path, t.sha256, sha256));
      }
      return t;
    });
    traces.set(k, p);
    p.catch(() => traces.delete(k));
  }
  return p;
}

/** Runs a cell and returns its result file text (stable JSON), or the failure. Never throws. */
export async function runCellTask(task: CellTask): Promise<CellOutcome> {
  try {
    const cfg = taskConfig(task);
    const loaded = await loadTraceChecked(await generatedTraceFor(task), task.traceSha256, task.cache);
    const out = simulate(loaded.trace, cfg, undefined, buffers, null, warmStoreForCli(loaded, { cache: task.cache }));
    for (const load of Object.values(out.results)) {
      const arm = load.arms[task.armText]!;
      load.arms = { [task.key]: arm };
    }
    const file = buildResultFile(cliProvenance(), task.traceLabel, loaded.sha256, out, optionsRecord(cfg));
    const fromRepo = task.block.experiment_commit === undefined ? {} : { experiment_commit: task.block.experiment_commit };
    return { ok: true, id: task.id, text: resultFileText({ ...file, ...fromRepo, cell: task.block }) };
  } catch (err) {
    return failedCell(task.id, err);
  }
}

/**
 * Where to read the task's trace: its path, or, for a generated trace that is not there (a queue worker on another
 * machine), the same trace generated into this machine's cache folder (its SHA-256 is then checked as any trace's).
 */
async function generatedTraceFor(task: CellTask): Promise<string> {
  const g = task.generate;
  if (g === undefined || existsSync(task.tracePath)) return task.tracePath;
  const path = generatedTracePath(defaultCacheDir(), g.spec, g.seed);
  await ensureGeneratedTrace(g.spec, g.seed, path);
  return path;
}

/** The outcome of a cell that threw `err`: bad input when it is an InputError (exit 2), else internal. */
export function failedCell(id: string, err: unknown): CellOutcome {
  return { ok: false, id, input: err instanceof InputError, message: err instanceof Error ? err.message : String(err) };
}
