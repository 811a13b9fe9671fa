// The implementation of `hsim sweep`: run every variant's cells, judge each variant with the gate, write sweep.json.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, atPath } from '../../errors.ts';
import { stableStringify } from '../../json/stable-json.ts';
import { writeFileAtomic } from '../../io/atomic-io.ts';
import { overridesText } from '../../experiment/overrides.ts';
import { parseSweep, sweepExperiment, type Variant } from '../../experiment/sweep-file.ts';
import { mergeTraceCells } from '../../experiment/merge-cells.ts';
import { checkGate, readGateFile } from '../../../analysis/gate-io.ts';
import { lockPathFor } from '../../../analysis/gate-lock.ts';
import { checkRedis } from './redis-target.ts';
import { executeRun, mergedResultFile, parseRunFlags, prepareRun, readJsonFile, readRunCells, resolveFrom } from './experiment-run.ts';
import { reportCellsSanity } from './cells-sanity.ts';

/** One line of sweep.json's `verdicts`. */
export interface SweepVerdict {
  readonly trace: string;
  readonly trace_sha256: string;
  readonly load: string;
  readonly variant: string;
  readonly passed: boolean;
  readonly flipped: boolean;
  readonly criteria: Record<string, { point: number | null; low: number | null; high: number | null; status: string }>;
}

/**
 * Runs `hsim sweep <sweep.json>`: checks the sweep and its gate (frozen, unless the sweep or --unfrozen allows
 * otherwise), runs the cells (every arm × variant; --jobs/--resume/--queue as for `hsim run`), writes each
 * variant's result file under `<out>/variants/<trace>/`, evaluates the gate on it, and writes `<out>/sweep.json`
 * plus a table on stdout. Throws InputError (exit 2) for bad input.
 */
export async function runSweepCommand(file: string, opts: Record<string, unknown>): Promise<void> {
  const flags = parseRunFlags(opts);
  if (flags.shard !== null) throw new InputError('option --shard: not available for sweeps; expected a whole sweep (split an experiment with hsim run --shard instead)');
  const parsed = parseSweep(readJsonFile(file, 'a sweep file (JSON)'), file);
  if (!parsed.ok) throw new InputError(parsed.issues.length === 1 ? parsed.issues[0]! : `${parsed.issues.length} problems in ${file}:`, parsed.issues);
  const sweep = parsed.value;
  const gatePath = resolveFrom(file, sweep.gate);
  const unfrozen = sweep.gateUnfrozen || opts['unfrozen'] === true;
  const gate = readGateFile(gatePath).gate;
  const issues: string[] = [];
  if (!unfrozen && !existsSync(lockPathFor(gatePath))) {
    issues.push(atPath(file, 'gate', `${gatePath}, which is not frozen (no ${lockPathFor(gatePath)})`, 'a frozen gate, or "gate_unfrozen": true (or --unfrozen) to evaluate it marked as not pre-registered'));
  }
  if (gate.windows !== undefined && gate.windows !== sweep.windows) issues.push(atPath(file, 'windows', String(sweep.windows), `${gate.windows}, the windows of gate ${gatePath}`));
  const gateArms = [...new Set(gate.gate.flatMap((n) => [gate.criteria[n]!.arm, gate.criteria[n]!.baseline]))];
  const arms = sweep.arms ?? gateArms;
  for (const a of gateArms) if (!arms.includes(a)) issues.push(atPath(file, 'arms', `no arm "${a}"`, `every arm the gate's criteria use (${gateArms.join(', ')})`));
  if (issues.length > 0) throw new InputError(issues.length === 1 ? issues[0]! : `${issues.length} problems in ${file}:`, issues);
  const prepared = await prepareRun(sweepExperiment(sweep, arms), file, flags, 'arms', true);
  await reportCellsSanity(prepared.selected.map((i) => prepared.tasks[i]!));
  if (flags.queue !== null) await checkRedis(flags.queue);
  const summary = await executeRun(prepared, flags);
  const groups = readRunCells(prepared);

  const verdicts: SweepVerdict[] = [];
  let frozen = false;
  for (const [name, cells] of groups) {
    const baseVerdict = new Map<string, boolean>();
    for (const [vi, v] of sweep.variants.entries()) {
      const text = overridesText(v.overrides);
      const mine = cells.filter((c) => overridesText(c.cell.overrides) === text);
      const { merged, issues: mi } = mergeTraceCells(mine, prepared.base, (c) => c.cell.arm);
      if (merged === null || mi.length > 0) throw new InputError(`variant ${v.id} of trace ${name}: cannot merge its cells`, mi);
      const variantFile = join(prepared.outDir, 'variants', name, `${String(vi).padStart(3, '0')}-${fileSafe(v)}.json`);
      writeFileAtomic(variantFile, stableStringify({ ...mergedResultFile(merged), variant: { id: v.id, overrides: v.overrides } }));
      const report = checkGate(gatePath, variantFile, { unfrozen });
      frozen = report.frozen;
      for (const [load, lr] of Object.entries(report.loads)) {
        if (vi === 0) baseVerdict.set(load, lr.passed);
        const criteria: SweepVerdict['criteria'] = {};
        for (const [cn, c] of Object.entries(lr.criteria)) criteria[cn] = { point: c.point, low: c.low, high: c.high, status: c.status };
        verdicts.push({ trace: name, trace_sha256: merged.traceSha256, load, variant: v.id, passed: lr.passed, flipped: lr.passed !== baseVerdict.get(load), criteria });
      }
    }
  }
  const out = {
    sweep: sweep.id,
    gate: sweep.gate,
    gate_frozen: frozen,
    mode: sweep.mode,
    variants: sweep.variants.map((v) => ({ id: v.id, overrides: v.overrides })),
    verdicts,
  };
  const sweepPath = join(prepared.outDir, 'sweep.json');
  writeFileAtomic(sweepPath, stableStringify(out));
  process.stdout.write(formatSweepTable(out.gate, frozen, verdicts));
  if (!flags.quiet) process.stderr.write(`hsim: ${prepared.cells.length} cells (${summary.ran} run, ${summary.resumed} resumed); wrote ${sweepPath}\n`);
}

function fileSafe(v: Variant): string {
  return v.id.replace(/[^A-Za-z0-9.=,_-]+/g, '_').slice(0, 80);
}

/** The readable table: per trace and load, each variant's verdict, whether it flipped, and each criterion's estimate. */
export function formatSweepTable(gate: string, frozen: boolean, verdicts: readonly SweepVerdict[]): string {
  const names = [...new Set(verdicts.flatMap((v) => Object.keys(v.criteria)))];
  const header = ['trace', 'load', 'variant', 'verdict', 'flipped', ...names];
  const rows = verdicts.map((v) => [
    v.trace, v.load, v.variant, v.passed ? 'PASS' : 'FAIL', v.flipped ? 'FLIPPED' : '',
    ...names.map((n) => {
      const c = v.criteria[n];
      return c === undefined ? '' : `${num(c.point)} [${num(c.low)}, ${num(c.high)}] ${c.status}`;
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return `gate ${gate} (${frozen ? 'frozen' : 'NOT frozen: evaluated unfrozen'})\n${[line(header), ...rows.map(line)].join('\n')}\n`;
}

function num(x: number | null): string {
  return x === null ? '—' : x.toFixed(3);
}
