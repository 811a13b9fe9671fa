// The I/O side of experiments: read the file, check traces and arms, run or resume cells, write merged results.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import * as analysisMsg from '../analysis/messages.ts';
import { parseJsonText } from '../src/json/json-syntax.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { integrityProblem, resultIntegrity, writeHashedResult } from '../src/io/result-integrity-io.ts';
import { parseCellFile, type CellBlock, type CellFile } from './cell-file.ts';
import { configHash, expandCells, experimentHash, type Cell } from './cells.ts';
import type { ExperimentSpec } from '../src/config/experiment-file.ts';
import { mergeTraceCells, type MergeBase, type MergedTrace } from './merge-cells.ts';
import { parseShard, shardItems, type Shard } from './shard.ts';
import { findRouting, routingNames } from '../sim/arms/index.ts';
import { optionsRecord } from '../sim/simulation-config-io.ts';
import { buildResultFile, type ResultFile } from '../src/result/result-file.ts';
import { createCellRunner, runCellsLocally, type CellRunner } from './cell-pool.ts';
import { DEFAULT_QUEUE_NAME, parseRedisUrl, type RedisTarget } from './redis-target.ts';
import { loadTraceChecked, taskConfig, type CellOutcome, type CellTask } from './cell-task.ts';
import { cliProvenance, foreignRepositoryCommit, gitCommit } from '../src/io/provenance-io.ts';
import { REPLICATION_BOOTSTRAP, replicationAggregate } from '../analysis/replication-aggregate.ts';
import { ensureGeneratedTrace, generatedTracePath } from './generated-trace-io.ts';
import { plannedRows, verifyReturnedCell, type CellPlan } from './cell-verify.ts';

/** The command-line flags of `hsim run` and `hsim sweep`, validated. */
export interface RunFlags {
  readonly jobs: number;
  readonly resume: boolean;
  readonly shard: Shard | null;
  readonly queue: RedisTarget | null;
  readonly queueName: string;
  readonly quiet: boolean;
  readonly out: string | null;
  readonly cache: boolean;
}

/**
 * Routings whose results depend on the seed (they declare `seeded`). The engine and the predictor are
 * deterministic, so repeats of any other arm would be identical copies.
 */
function seededRoutings(): string[] {
  return routingNames().filter((n) => findRouting(n)?.seeded === true);
}

/** Validates the flags (all problems at once). Throws InputError. */
export function parseRunFlags(opts: Record<string, unknown>): RunFlags {
  const issues: string[] = [];
  const jobs = Number(opts['jobs'] ?? '1');
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) issues.push(msg.jobsOutOfRange(String(opts['jobs'])));
  const attempt = <T>(parse: () => T): T | null => {
    try {
      return parse();
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      issues.push(err.message);
      return null;
    }
  };
  const shard = opts['shard'] === undefined ? null : attempt(() => parseShard(String(opts['shard'])));
  const queue = opts['queue'] === undefined ? null : attempt(() => parseRedisUrl(String(opts['queue'])));
  if (shard !== null && queue !== null) issues.push(msg.shardWithQueue());
  if (issues.length > 0) throw new InputError(msg.problemsWithOptions(issues), issues);
  return {
    jobs, resume: opts['resume'] === true, shard, queue, queueName: String(opts['queueName'] ?? DEFAULT_QUEUE_NAME),
    quiet: opts['quiet'] === true, out: opts['out'] === undefined ? null : String(opts['out']), cache: opts['cache'] !== false,
  };
}

/** Reads a JSON config file. Throws InputError when it is missing or not JSON. */
export function readJsonFile(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new InputError(analysisMsg.fileUnreadable(path, what));
  }
  return parseJsonText(text, path, what);
}

/** An experiment ready to run: its cells, their tasks and input hashes, and where its output goes. */
export interface PreparedRun {
  readonly spec: ExperimentSpec;
  readonly file: string;
  readonly outDir: string;
  readonly cells: readonly Cell[];
  readonly tasks: readonly CellTask[];
  readonly hashes: readonly string[];
  readonly base: MergeBase;
  /** Indices of the cells this process runs: every n-th with --shard i/n, else all. */
  readonly selected: readonly number[];
  /** Cell threads started while the traces were read (prepareRun's `startThreads`), for executeRun; else null. */
  readonly runner: CellRunner | null;
}

/** Resolves a path written in a config file against the file's folder. */
export function resolveFrom(file: string, path: string): string {
  return isAbsolute(path) ? path : join(dirname(file), path);
}

/**
 * Expands the experiment and checks everything before anything is written: every arm under every override
 * (as the arm parser sees it), repeats, and every trace (present, SHA-256 as recorded; each read once here).
 * Throws InputError listing every problem.
 */
export async function prepareRun(spec: ExperimentSpec, file: string, flags: RunFlags, armPath = 'arms', startThreads = false): Promise<PreparedRun> {
  // Ask git now, while this process is small: later, starting git would make every written page copy-on-write.
  gitCommit();
  // A researcher's own repository of experiment files: its commit is what a gate's pre-registration is proven against.
  const experimentCommit = foreignRepositoryCommit(file);
  const fromRepo = experimentCommit === null ? {} : { experiment_commit: experimentCommit };
  const cells = expandCells(spec);
  const expHash = experimentHash(spec);
  const issues: string[] = [];
  const tasks: CellTask[] = [];
  const hashes: string[] = [];
  const seenArmIssues = new Set<string>();
  const base: MergeBase = { experiment: spec.id, experiment_hash: expHash, levels: spec.levels, workers: spec.workers, seed: spec.seed, ...fromRepo };
  const outDir = flags.out ?? resolveFrom(file, spec.out);
  const records: (Record<string, unknown> | null)[] = [];
  for (const c of cells) {
    const block: CellBlock = {
      id: c.id, index: c.index, experiment: spec.id, experiment_hash: expHash, cells_total: cells.length, trace_name: c.trace.name,
      load: c.load, arm: c.arm, overrides: c.overrides, repeat: c.repeat, key: c.key,
      base: { levels: spec.levels, workers: spec.workers, seed: spec.seed },
      ...fromRepo,
      ...(c.trace.generate !== undefined ? { trace_spec_sha256: c.trace.sha256 } : {}),
    };
    const task: CellTask = {
      id: c.id, tracePath: resolve(resolveFrom(file, c.trace.path)), traceLabel: c.trace.path, traceSha256: c.trace.sha256, load: c.load,
      armText: c.armText, key: c.key, levels: c.levels, workers: c.workers, seed: c.seed, split: spec.split, fraction: spec.fraction,
      windows: spec.windows, windowBy: spec.windowBy, cache: flags.cache, block,
      ...(c.ties !== undefined ? { ties: c.ties } : {}),
      ...(c.jitter !== undefined ? { jitter: c.jitter } : {}),
      ...(spec.latencyCdf === true ? { latencyCdf: true as const } : {}),
      ...(c.trace.generate !== undefined ? { generate: { spec: c.trace.generate, seed: c.seed } } : {}),
      ...(spec.cores !== undefined ? { cores: spec.cores } : {}),
      ...(spec.overheadMs !== undefined ? { overheadMs: spec.overheadMs } : {}),
    };
    tasks.push(task);
    try {
      records.push(optionsRecord(taskConfig(task)));
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      records.push(null);
      const where = `${file} → ${armPath}[${spec.arms.indexOf(c.arm)}]${c.key === c.arm ? '' : ` as ${c.armText}${c.levels !== spec.levels ? ` with levels ${c.levels}` : ''}`}`;
      for (const m of err.issues) {
        const text = `${where}: ${m.replace(/^simulate: /, '')}`;
        if (!seenArmIssues.has(text)) issues.push(text);
        seenArmIssues.add(text);
      }
    }
  }
  const seeded = seededRoutings();
  if (spec.replications === undefined && spec.repeats > 1 && !spec.arms.some((a) => seeded.includes(a.split(/[+@]/)[0] ?? ''))) {
    issues.push(msg.repeatsIdentical(file, spec.repeats, seeded));
  }
  const indices = cells.map((_, i) => i);
  const selected = flags.shard ? shardItems(indices, flags.shard) : indices;
  // Generated traces are made only for a valid experiment (bad input writes nothing), and only those this process runs.
  if (issues.length === 0) {
    const made = await generateTraces(spec, selected.map((i) => cells[i]!), outDir, file, issues);
    for (const i of selected) {
      const m = made.get(generatedKey(cells[i]!));
      if (m !== undefined) tasks[i] = { ...tasks[i]!, tracePath: m.path, traceSha256: m.sha256 };
    }
  }
  records.forEach((r, i) => hashes.push(r === null ? '' : configHash(r, tasks[i]!.traceSha256)));
  // With --jobs N on this machine, the threads start (and warm up) now, while the traces are read below.
  const threads = startThreads && issues.length === 0 && flags.queue === null && flags.jobs > 1 && selected.length > 1;
  const runner = threads ? await createCellRunner(Math.min(flags.jobs, selected.length), selected.map((i) => tasks[i]!)) : null;
  try {
    await checkTraces(spec, file, flags, issues);
    if (issues.length > 0) throw new InputError(msg.problemsIn(file, issues), issues);
  } catch (err) {
    await runner?.close();
    throw err;
  }
  return { spec, file, outDir, cells, tasks, hashes, base, selected, runner };
}

const generatedKey = (c: Cell): string => `${c.trace.name}\n${c.seed}`;

/**
 * Generates (or finds, from an earlier or resumed run) the trace of every generated trace × cell seed under
 * `<outDir>/generated/`, once each: trace name + seed → its path and SHA-256. Out-of-range generator options are
 * added to `issues` with the trace's JSON path.
 */
async function generateTraces(spec: ExperimentSpec, cells: readonly Cell[], outDir: string, file: string, issues: string[]): Promise<Map<string, { path: string; sha256: string }>> {
  const made = new Map<string, { path: string; sha256: string }>();
  const failed = new Set<string>();
  for (const c of cells) {
    const gen = c.trace.generate;
    const key = generatedKey(c);
    if (gen === undefined || made.has(key) || failed.has(c.trace.name)) continue;
    const path = resolve(generatedTracePath(outDir, gen, c.seed));
    try {
      made.set(key, { path, sha256: await ensureGeneratedTrace(gen, c.seed, path) });
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      failed.add(c.trace.name);
      issues.push(`${file} → traces[${spec.traces.indexOf(c.trace)}].generate: ${err.message}`);
    }
  }
  return made;
}

/** Checks that every trace exists and has its recorded SHA-256 (reading each once, into this thread's cache). */
async function checkTraces(spec: ExperimentSpec, file: string, flags: RunFlags, issues: string[]): Promise<void> {
  const checked = new Set<string>();
  for (const [i, t] of spec.traces.entries()) {
    if (t.generate !== undefined) continue; // made and hashed by generateTraces
    const abs = resolve(resolveFrom(file, t.path));
    if (checked.has(abs) || t.sha256 === '') continue;
    checked.add(abs);
    if (!existsSync(abs)) {
      issues.push(msg.experimentTraceMissing(file, i, t.path, abs));
      continue;
    }
    try {
      await loadTraceChecked(abs, t.sha256, flags.cache);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      issues.push(msg.experimentTraceProblem(file, i, err.message));
    }
  }
}

/** Path of a cell's file. */
export function cellPath(outDir: string, id: string): string {
  return join(outDir, 'cells', `${id}.json`);
}

/** Reads and checks a cell file; null when absent or not a cell file. */
export function readCellFile(path: string): CellFile | null {
  if (!existsSync(path)) return null;
  try {
    const parsed = parseCellFile(JSON.parse(readFileSync(path, 'utf8')), path);
    return parsed.ok ? parsed.value : null;
  } catch {
    return null;
  }
}

/** Removes temporary files left in `dir` by killed processes (a live process's temp files are kept). */
function removeStaleTemps(dir: string): void {
  removeTemps(dir, (pid) => !isAlive(pid));
}

/** Removes this process's temporary files in `dir` (left by threads stopped mid-write, e.g. a worker stopping). */
export function removeOwnTemps(dir: string): void {
  removeTemps(dir, (pid) => pid === process.pid);
}

function removeTemps(dir: string, remove: (pid: number) => boolean): void {
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir)) {
    const m = /^\..*\.(\d+)\.[0-9a-f]+\.tmp$/.exec(f);
    if (m !== null && remove(Number(m[1]))) rmSync(join(dir, f), { force: true });
  }
}

/** Whether a process with this id runs on this machine (this process counts; one of another user's too). */
export function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What a run did. */
export interface RunSummary {
  readonly selected: number;
  readonly ran: number;
  readonly resumed: number;
}

/** How a run reports progress: the CLI draws a bar and prints the note on stderr; SILENT_PROGRESS reports nothing. */
export interface RunProgress {
  /** Called once, before the first cell, with the number of cells to run and a note for the user (or null). */
  start(total: number, note: string | null): void;
  /** One cell finished (or failed). */
  tick(): void;
  /** Every cell is done. */
  finish(): void;
  /** A warning the user must see, even when quiet (cells waiting on a queue no worker serves). */
  warn(line: string): void;
}

/** Progress that goes nowhere (tests, library use). */
export const SILENT_PROGRESS: RunProgress = { start: () => undefined, tick: () => undefined, finish: () => undefined, warn: () => undefined };

/**
 * Runs the selected cells (a shard, or all) that are not already done (with --resume: a file with the same
 * input hash and trace SHA-256), writing each cell's file atomically as it finishes, so a killed run loses no
 * finished cell and leaves no partial file. Throws InputError (bad input in a cell) or Error (internal) after
 * every cell has been tried; finished cells stay on disk.
 */
export async function executeRun(p: PreparedRun, flags: RunFlags, progress: RunProgress = SILENT_PROGRESS): Promise<RunSummary> {
  removeStaleTemps(join(p.outDir, 'cells'));
  const todo: CellTask[] = [];
  let resumed = 0;
  for (const i of p.selected) {
    const task = p.tasks[i]!;
    if (flags.resume) {
      const prior = readCellFile(cellPath(p.outDir, task.id));
      // A cell edited since it was written is run again rather than trusted (merging would refuse it).
      const trusted = prior !== null && resultIntegrity(cellPath(p.outDir, task.id)).state !== 'edited';
      if (trusted && prior.config_hash === p.hashes[i] && prior.trace.sha256 === task.traceSha256 && prior.cell.key === task.key) {
        resumed++;
        continue;
      }
    }
    todo.push(task);
  }
  const queueNote = flags.queue !== null && todo.length > 0
    ? `${todo.length} cells on ${flags.queue.url} queue ${flags.queueName}; run \`hsim worker --queue ${flags.queue.url}\` on the machines that should work`
    : null;
  progress.start(todo.length, queueNote);
  const failures: CellOutcome[] = [];
  const onDone = (o: CellOutcome): void => {
    if (o.ok) writeHashedResult(cellPath(p.outDir, o.id), o.text);
    else failures.push(o);
    progress.tick();
  };
  if (todo.length > 0) {
    if (flags.queue !== null) {
      // Loaded only here: BullMQ takes ~0.3 s to import.
      const { runCellsOnQueue } = await import('./cell-queue.ts');
      const plans = await cellPlans(p, todo);
      await runCellsOnQueue(todo, flags.queue, flags.queueName, onDone, (line) => progress.warn(line), (task, returned) => verifyReturnedCell(plans.get(task.id)!, returned));
    } else {
      await runCellsLocally(todo, flags.jobs, onDone, p.runner ?? undefined);
    }
  } else {
    await p.runner?.close();
  }
  progress.finish();
  if (failures.length > 0) {
    const lines = failures.map((f) => (f.ok ? '' : msg.cellFailed(f.id, f.message)));
    const headline = msg.cellsFailed(failures.length, todo.length);
    if (failures.every((f) => !f.ok && f.input)) throw new InputError(headline, lines.length === 1 ? [headline, ...lines] : lines);
    throw new Error(`${headline}\n${lines.join('\n')}`);
  }
  return { selected: p.selected.length, ran: todo.length, resumed };
}

/**
 * What the coordinator checks a queue worker's cell against: each task's input hash, and its trace's rows and
 * evaluation rows (the traces were read and checked by prepareRun; a generated one is read here, once).
 */
async function cellPlans(p: PreparedRun, todo: readonly CellTask[]): Promise<Map<string, CellPlan>> {
  const hashOf = new Map(p.tasks.map((t, i) => [t.id, p.hashes[i]!]));
  const rowsOf = new Map<string, { rows: number; evaluation: number }>();
  const plans = new Map<string, CellPlan>();
  for (const task of todo) {
    const cfg = taskConfig(task);
    const k = stableStringify([task.tracePath, task.traceSha256, cfg.split, cfg.fraction, cfg.perturb ?? null]);
    let rows = rowsOf.get(k);
    if (rows === undefined) {
      rows = plannedRows((await loadTraceChecked(task.tracePath, task.traceSha256, task.cache)).trace, cfg);
      rowsOf.set(k, rows);
    }
    plans.set(task.id, { task, configHash: hashOf.get(task.id)!, rows });
  }
  return plans;
}

/**
 * The merged result file object (SPEC §10) of one trace's merge, with `experiment_commit` when the experiment's
 * repository is not hsim's checkout.
 */
export function mergedResultFile(m: MergedTrace, base: MergeBase): ResultFile {
  const file = buildResultFile(cliProvenance(), m.tracePath, m.traceSha256, { trace: m.trace, results: m.results }, m.options);
  if (base.experiment_commit !== undefined) file['experiment_commit'] = base.experiment_commit;
  return file;
}

/**
 * Reads every cell of the experiment (in cell order) and writes one merged result file per trace:
 * `<out>/results.json` for one trace, `<out>/results/<trace-name>.json` for several, each with its `.sha256` when
 * `hashed` (every cell it merges had an intact hash). Returns the paths.
 * Throws InputError when a cell file is missing or the cells conflict.
 */
export function writeMergedResults(outDir: string, groups: ReadonlyMap<string, readonly CellFile[]>, base: MergeBase, hashed = true): string[] {
  const issues: string[] = [];
  const files: [string, string][] = [];
  for (const [name, cells] of groups) {
    const { merged, issues: mi } = mergeTraceCells(cells, base);
    issues.push(...mi);
    if (merged === null) continue;
    const path = groups.size === 1 ? join(outDir, 'results.json') : join(outDir, 'results', `${name}.json`);
    const file = mergedResultFile(merged, base);
    // Only experiments with replications get the aggregate, so every other merged file keeps its bytes.
    const replications = replicationAggregate(merged.results);
    if (replications !== null) file['replications'] = { bootstrap: REPLICATION_BOOTSTRAP, by_load: replications };
    files.push([path, stableStringify(file)]);
  }
  if (issues.length > 0) throw new InputError(msg.problemsMergingCells(issues), issues);
  for (const [path, text] of files) writeHashedResult(path, text, hashed);
  return files.map(([path]) => path);
}

/**
 * The cells of a prepared run, read back from disk, grouped by trace name in cell order, and whether every cell has an
 * intact hash (false when some have none, e.g. written by an older hsim: what is merged from them is unverified).
 * Throws InputError for a missing cell or a cell edited since hsim wrote it (naming each).
 */
export function readRunCells(p: PreparedRun): { groups: Map<string, CellFile[]>; hashed: boolean } {
  const groups = new Map<string, CellFile[]>();
  const missing: string[] = [];
  const edited: string[] = [];
  let hashed = true;
  for (const c of p.cells) {
    const cell = readCellFile(cellPath(p.outDir, c.id));
    if (cell === null) {
      missing.push(cellPath(p.outDir, c.id));
      continue;
    }
    const integrity = resultIntegrity(cellPath(p.outDir, c.id));
    if (integrity.state === 'edited') edited.push(integrityProblem(cellPath(p.outDir, c.id))!);
    hashed &&= integrity.state === 'intact';
    const list = groups.get(c.trace.name) ?? [];
    list.push(cell);
    groups.set(c.trace.name, list);
  }
  if (missing.length > 0) throw new InputError(msg.cellFilesMissing(missing.length), missing.map(msg.cellFileMissing));
  if (edited.length > 0) throw new InputError(edited.length === 1 ? edited[0]! : `${edited.length} cell files were edited since hsim wrote them:`, edited);
  return { groups, hashed };
}
