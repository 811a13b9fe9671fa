// The implementation of `hsim sweep`: run every variant's cells, judge each variant with each gate, write sweep.json.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, atPath } from '../src/errors.ts';
import * as msg from './messages.ts';
import * as experimentsMsg from '../experiments/messages.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { writeFileAtomic } from '../src/io/atomic-io.ts';
import { writeHashedResult } from '../src/io/result-integrity-io.ts';
import { overridesText } from '../src/config/overrides.ts';
import { parseSweep, sweepExperiment, type SweepSpec, type Variant } from '../src/config/sweep-file.ts';
import { isObject } from '../src/json/json-value.ts';
import { checkSchema } from '../src/json/json-schema-io.ts';
import { mergeTraceCells } from '../experiments/merge-cells.ts';
import { checkGate, readGateFile } from '../analysis/gate-io.ts';
import type { GateFile } from '../analysis/gate-file.ts';
import { lockPathFor } from '../analysis/gate-lock.ts';
import { checkRedis } from '../experiments/redis-target.ts';
import { executeRun, mergedResultFile, parseRunFlags, prepareRun, readJsonFile, readRunCells, resolveFrom, type PreparedRun, type RunFlags } from '../experiments/experiment-run-io.ts';
import { lockOutFolder } from '../experiments/out-lock-io.ts';
import { stderrRunProgress } from './progress-bar.ts';
import { formatSweepTable, type SweepOutputRecord, type SweepVerdictRecord } from '../src/config/sweep-output.ts';
import { withPerturbationFlags } from '../experiments/perturbation-flags.ts';
import { withContentionFlags } from '../src/config/contention-fields.ts';
import { reportCellsSanity } from './cells-sanity.ts';

/**
 * Runs `hsim sweep <sweep.json>`: checks the sweep and its gates (each frozen, unless the sweep or --unfrozen allows
 * otherwise), runs the cells (every arm × variant; --jobs/--resume/--queue as for `hsim run`), writes each
 * variant's result file under `<out>/variants/<trace>/`, evaluates every gate on it, and writes `<out>/sweep.json`
 * (the first gate's verdicts, plus `gates` with each gate's when the sweep names `"gates"`) and a table per gate
 * on stdout. Throws InputError (exit 2) for bad input.
 */
export async function runSweepCommand(file: string, opts: Record<string, unknown>): Promise<void> {
  const flags = parseRunFlags(opts);
  if (flags.shard !== null) throw new InputError(msg.sweepCannotShard());
  const raw = readJsonFile(file, 'a sweep file (JSON)');
  const parsed = parseSweep(raw, file);
  const namesGates = isObject(raw) && raw['gates'] !== undefined;
  if (!parsed.ok) throw new InputError(experimentsMsg.problemsIn(file, parsed.issues), parsed.issues);
  checkSchema('sweep', raw, file); // after the parser: see checkSchema
  const sweep = withContentionFlags(withPerturbationFlags(parsed.value, opts), opts);
  const unfrozen = sweep.gateUnfrozen || opts['unfrozen'] === true;
  const issues: string[] = [];
  const gates = sweep.gates.map((g, gi) => {
    const path = resolveFrom(file, g);
    const at = namesGates ? `gates[${gi}]` : 'gate';
    if (!unfrozen && !existsSync(lockPathFor(path))) {
      issues.push(atPath(file, at, `${path}, which is not frozen (no ${lockPathFor(path)})`, 'a frozen gate, or "gate_unfrozen": true (or --unfrozen) to evaluate it marked as not pre-registered'));
    }
    const gate = readGateFile(path).gate;
    if (gate.windows !== undefined && gate.windows !== sweep.windows) issues.push(atPath(file, 'windows', String(sweep.windows), `${gate.windows}, the windows of gate ${path}`));
    return { name: g, path, gate };
  });
  const gateArms = [...new Set(gates.flatMap(({ gate }) => gate.gate.flatMap((n) => [gate.criteria[n]!.arm, gate.criteria[n]!.baseline])))];
  const arms = sweep.arms ?? gateArms;
  for (const a of gateArms) if (!arms.includes(a)) issues.push(atPath(file, 'arms', `no arm "${a}"`, `every arm the gates' criteria use (${gateArms.join(', ')})`));
  if (issues.length > 0) throw new InputError(experimentsMsg.problemsIn(file, issues), issues);
  const prepared = await prepareRun(sweepExperiment(sweep, arms), file, flags, 'arms', true);
  await reportCellsSanity(prepared.selected.map((i) => prepared.tasks[i]!));
  if (flags.queue !== null) await checkRedis(flags.queue);
  // One writer per output folder (a run or a sweep): two would interleave cells, variants and their .sha256 files.
  const unlock = lockOutFolder(prepared.outDir, (line) => process.stderr.write(`hsim: ${line}\n`), 'sweep');
  try {
    await sweepAndJudge(sweep, gates, prepared, flags, namesGates, unfrozen);
  } finally {
    unlock();
  }
}

async function sweepAndJudge(sweep: SweepSpec, gates: readonly SweepGate[], prepared: PreparedRun, flags: RunFlags, namesGates: boolean, unfrozen: boolean): Promise<void> {
  const summary = await executeRun(prepared, flags, stderrRunProgress(flags.quiet));
  const { groups, hashed } = readRunCells(prepared);

  const judged = gates.map((g) => ({ gate: g.name, gate_frozen: false, verdicts: [] as SweepVerdictRecord[] }));
  for (const [name, cells] of groups) {
    const baseVerdict = gates.map(() => new Map<string, boolean>());
    for (const [vi, v] of sweep.variants.entries()) {
      const text = overridesText(v.overrides);
      const mine = cells.filter((c) => overridesText(c.cell.overrides) === text);
      const { merged, issues: mi } = mergeTraceCells(mine, prepared.base, (c) => c.cell.arm);
      if (merged === null || mi.length > 0) throw new InputError(msg.variantCannotMerge(v.id, name), mi);
      const variantFile = join(prepared.outDir, 'variants', name, `${String(vi).padStart(3, '0')}-${fileSafe(v)}.json`);
      writeHashedResult(variantFile, stableStringify({ ...mergedResultFile(merged, prepared.base), variant: { id: v.id, overrides: v.overrides } }), hashed);
      for (const [gi, g] of gates.entries()) {
        const report = checkGate(g.path, variantFile, { unfrozen });
        judged[gi]!.gate_frozen = report.frozen;
        for (const [load, lr] of Object.entries(report.loads)) {
          if (vi === 0) baseVerdict[gi]!.set(load, lr.passed);
          const criteria: SweepVerdictRecord['criteria'] = {};
          for (const [cn, c] of Object.entries(lr.criteria)) criteria[cn] = { point: c.point, low: c.low, high: c.high, status: c.status };
          judged[gi]!.verdicts.push({ trace: name, trace_sha256: merged.traceSha256, load, variant: v.id, passed: lr.passed, flipped: lr.passed !== baseVerdict[gi]!.get(load), criteria });
        }
      }
    }
  }
  const first = judged[0]!;
  const out: SweepOutputRecord = {
    sweep: sweep.id,
    gate: sweep.gate,
    gate_frozen: first.gate_frozen,
    mode: sweep.mode,
    variants: sweep.variants.map((v) => ({ id: v.id, overrides: v.overrides })),
    verdicts: first.verdicts,
    ...(namesGates ? { gates: judged } : {}),
  };
  const sweepPath = join(prepared.outDir, 'sweep.json');
  writeFileAtomic(sweepPath, stableStringify(out));
  process.stdout.write(judged.map((g) => formatSweepTable(g.gate, g.gate_frozen, g.verdicts)).join('\n'));
  if (!flags.quiet) process.stderr.write(`hsim: ${prepared.cells.length} cells (${summary.ran} run, ${summary.resumed} resumed); wrote ${sweepPath}\n`);
}

/** A gate the sweep judges every variant by: its name in the sweep file, its path, and the gate. */
interface SweepGate {
  readonly name: string;
  readonly path: string;
  readonly gate: GateFile;
}

function fileSafe(v: Variant): string {
  return v.id.replace(/[^A-Za-z0-9.=,_-]+/g, '_').slice(0, 80);
}
