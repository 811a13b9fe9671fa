// The options of a simulation, parsed once for `simulate`, experiment cells, replay and the demo: a SimulationConfig, and
// the options block every result file records.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { createHash } from 'node:crypto';
import { InputError, atOption } from '../src/errors.ts';
import * as msg from './messages.ts';
import * as coreMsg from '../src/messages.ts';
import { parseArm, type ArmSpec } from './arms/index.ts';
import type { SimulationConfig } from './simulate.ts';
import {
  armLevelsProblem, defaultLevelFor, parseFraction, parseLoads, parseSplit, parseStaticMap, parseWindowBy,
} from './sim-options.ts';
import { isProblem, parseJitter, parseTies, type Perturbation } from '../src/trace/perturb.ts';
import { parseJsonText } from '../src/json/json-syntax.ts';
import { parseContentionOptions } from '../src/config/contention-fields.ts';
import { parseInteger } from '../src/config/numeric-input.ts';

/** Options as commander hands them over (strings and flags). */
export type RawOptions = Record<string, unknown>;

/** Validates every option (all problems at once) into a SimulationConfig. Throws InputError. */
export function buildSimulationConfig(opts: RawOptions): SimulationConfig {
  const issues: string[] = [];
  const str = (k: string): string => String(opts[k]);
  const levels = parseInteger(str('levels'), 'option --levels', 'levels', issues);
  const workers = parseInteger(str('workers'), 'option --workers', 'workers', issues);
  const windows = parseInteger(str('windows'), 'option --windows', 'windows', issues);
  const seed = parseInteger(str('seed'), 'option --seed', 'seed', issues);
  const contention = parseContentionOptions(opts, issues);
  const loads = parseLoads(str('load'), 'option --load', issues);
  const split = parseSplit(str('split'), 'option --split', issues);
  const fraction = parseFraction(str('fraction'), 'option --fraction', issues);
  const windowBy = parseWindowBy(str('windowBy'), 'option --window-by', issues);
  const armTexts = (opts.arm as string[] | undefined) ?? [];
  if (armTexts.length === 0) issues.push('option --arm: none given; expected at least one arm, e.g. --arm fifo');
  const arms: ArmSpec[] = [];
  for (const text of armTexts) {
    try {
      const arm = parseArm(text, levels, (opts.set as string[] | undefined) ?? []);
      arms.push(arm);
      // With --levels refused or too few for the arm, that one issue says it all: the arm's own check would blame predictor.levels.
      if (Number(str('levels')) !== levels) continue;
      const levelsProblem = armLevelsProblem(arm, levels);
      if (levelsProblem !== null) {
        if (!issues.includes(levelsProblem)) issues.push(levelsProblem);
        continue;
      }
      arm.routing.check?.(arm.flags, arm.predictorOverrides, levels, defaultLevelFor(levels));
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      for (const i of err.issues) if (!issues.includes(i)) issues.push(i);
    }
  }
  if (new Set(armTexts).size !== armTexts.length) issues.push('option --arm: the same arm given twice; expected distinct arms');
  let staticMap: Map<string, number> | null = null;
  const mapFile = opts.staticMap as string | undefined;
  if (mapFile !== undefined) {
    if (!existsSync(mapFile)) issues.push(atOption('--static-map', `file ${mapFile} does not exist`, 'a JSON file mapping key or class to a level'));
    else {
      let json: unknown;
      try {
        json = parseJsonText(readFileSync(mapFile, 'utf8'), mapFile, 'a JSON object mapping key or class to a level');
        staticMap = parseStaticMap(json, mapFile, levels, issues);
      } catch (err) {
        issues.push((err as Error).message);
      }
    }
  } else if (arms.some((a) => a.routing.needsStaticMap)) {
    issues.push('option --static-map: missing; expected a JSON file for the static-map arm');
  }
  let predictorSnapshot: { bytes: Uint8Array; source: string } | null = null;
  const snap = opts.predictorSnapshot as string | undefined;
  if (snap !== undefined) {
    if (!existsSync(snap)) issues.push(atOption('--predictor-snapshot', `file ${snap} does not exist`, 'a snapshot written by hsim predictor warm'));
    else predictorSnapshot = { bytes: new Uint8Array(readFileSync(snap)), source: snap };
    if (!arms.some((a) => a.routing.needsPredictor && a.routing.needsHistory)) issues.push(atOption('--predictor-snapshot', 'no warm predictive arm to start from it', 'an arm such as predictive or shadow'));
  }
  const sets = (opts.set as string[] | undefined) ?? [];
  for (const s of sets) {
    const name = s.split('=')[0] ?? '';
    if (name.startsWith('predictor.') && !arms.some((a) => a.routing.needsPredictor)) issues.push(atOption('--set', `"${s}" but no arm has a predictor`, 'a predictive arm, or no predictor.* overrides'));
  }
  const perturb = parsePerturbation(opts, issues);
  for (const [option, value] of [['--cores', contention.cores], ['--overhead', contention.overheadMs]] as const) {
    if (value === undefined) continue;
    for (const a of arms) if (a.routing.engine !== undefined) issues.push(atOption(option, `${value} with the ideal-order arm ${a.text}`, 'arms of the level engine (the ideal-order engines give each worker a core and no overhead)'));
  }
  // --latency-cdf: a switch (commander refuses a value); experiment files hand over true.
  const cdf = opts.latencyCdf === true;
  const probes = parseProbeOptions(opts, issues);
  if (issues.length > 0) throw new InputError(msg.commandOptionProblems('simulate', issues.length), issues);
  const cfg = { loads, arms, workers, levels, defaultLevel: defaultLevelFor(levels), split, fraction, windows, windowBy, staticMap, seed, predictorSnapshot, ...(sets.length > 0 ? { sets } : {}), ...contention, ...(cdf ? { latencyCdf: true } : {}), ...probes };
  return perturb === null ? cfg : { ...cfg, perturb };
}

/**
 * `--by-key`, `--series N` and `--messages FILE`: the result fields they add (absent when not given, so
 * results without them keep their bytes); the messages file's folder must exist.
 */
function parseProbeOptions(opts: RawOptions, issues: string[]): { byKey?: boolean; series?: number } {
  if (opts.messages !== undefined) {
    const file = String(opts.messages);
    const dir = dirname(file);
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) issues.push(atOption('--messages', `folder ${dir} of ${file} does not exist`, 'a file in an existing folder (.csv, .csv.gz, .parquet or .arrow)'));
    else if (!/\.(csv(\.gz)?|parquet|arrow)$/.test(file)) issues.push(atOption('--messages', `${file}`, 'a file name ending .csv, .csv.gz, .parquet or .arrow'));
  }
  const series = opts.series === undefined ? undefined : parseInteger(String(opts.series), 'option --series', 'series', issues);
  checkTableOutput('--by-key-out', opts.byKeyOut, issues);
  checkTableOutput('--series-out', opts.seriesOut, issues);
  if (opts.seriesOut !== undefined && opts.series === undefined) issues.push(msg.seriesOutWithoutSeries(String(opts.seriesOut)));
  // --by-key-out adds by_key to the result as --by-key does: the table holds the same figures.
  const byKey = opts.byKey === true || opts.byKeyOut !== undefined;
  return { ...(byKey ? { byKey: true } : {}), ...(series === undefined ? {} : { series }) };
}

/** A table output option (`--by-key-out`, `--series-out`): a .parquet, .arrow or .csv file in an existing folder. */
function checkTableOutput(option: string, value: unknown, issues: string[]): void {
  if (value === undefined) return;
  const file = String(value);
  if (!/\.(parquet|arrow|csv)$/.test(file)) issues.push(coreMsg.tableOutputNameInvalid(option, file));
  else if (!isFolder(dirname(file))) issues.push(msg.tableOutputFolderMissing(option, file, dirname(file)));
}

function isFolder(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** `--ties file|shuffle:SEED` and `--jitter MS:SEED` (absent: none); null when neither perturbs anything. */
function parsePerturbation(opts: RawOptions, issues: string[]): Perturbation | null {
  let ties = null;
  let jitter = null;
  if (opts.ties !== undefined) {
    const t = parseTies(String(opts.ties));
    if (isProblem(t)) issues.push(atOption('--ties', t.found, t.expected));
    else ties = t;
  }
  if (opts.jitter !== undefined) {
    const j = parseJitter(String(opts.jitter));
    if (isProblem(j)) issues.push(atOption('--jitter', j.found, j.expected));
    else jitter = j;
  }
  return ties === null && jitter === null ? null : { ties, jitter };
}

/** The options block recorded in a result file (stable, hashable). */
export function optionsRecord(cfg: SimulationConfig, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    arms: cfg.arms.map((a) => a.text),
    loads: cfg.loads.map((l) => (l === 'as-is' ? 'as-is' : l)),
    workers: cfg.workers,
    levels: cfg.levels,
    default_level: cfg.defaultLevel,
    split: cfg.split,
    fraction: cfg.fraction,
    windows: cfg.windows,
    window_by: cfg.windowBy,
    seed: cfg.seed,
    static_map: cfg.staticMap ? Object.fromEntries([...cfg.staticMap.entries()].sort()) : null,
    predictor_snapshot: cfg.predictorSnapshot ? { file: cfg.predictorSnapshot.source, sha256: createHash('sha256').update(cfg.predictorSnapshot.bytes).digest('hex') } : null,
    // Overrides of every arm are invisible in the arm names, so the result records them (only when there are any).
    ...(cfg.sets !== undefined && cfg.sets.length > 0 ? { set: [...cfg.sets] } : {}),
    // Recorded only when used, so that a run without perturbations keeps every byte of its result file.
    ...(cfg.perturb?.ties ? { ties: `shuffle:${cfg.perturb.ties.seed}` } : {}),
    ...(cfg.perturb?.jitter ? { jitter: { ms: cfg.perturb.jitter.ms, seed: cfg.perturb.jitter.seed } } : {}),
    // Only when given: results of the one-core-per-worker model keep their bytes.
    ...(cfg.cores === undefined ? {} : { cores: cfg.cores }),
    // Only when asked for: results without the CDF keep their bytes.
    ...(cfg.latencyCdf === true ? { latency_cdf: true } : {}),
    ...(cfg.overheadMs === undefined ? {} : { overhead_ms: cfg.overheadMs }),
    // The probe fields, recorded only when asked for.
    ...(cfg.byKey === true ? { by_key: true } : {}),
    ...(cfg.series === undefined ? {} : { series: cfg.series }),
    ...extra,
  };
}

