// The contention validation: prodflow replayed through `hsim broker` with computing handlers
// (FIFO, predictive, oracle; several seeds) against the simulator with a core per worker, with --cores = the cores
// the replay had, with --cores plus the per-message CPU overhead the replay measured (--overhead), and with that on
// the cores other users left, printed by `hsim compare` per seed and summarised over seeds against the goal, judged
// on the calibrated model [3]: the gap in change vs FIFO within 5 points and the mean latency within 25 %. A benchmark, not a test: its figures depend on
// the machine, whose load (uptime) is printed before and after, and whose other users' CPU during each arm is
// measured (/proc/stat) and printed.
//
// The calibration (experiments/contention/README.md): per seed, the CPU the replay's own processes spent outside the
// handlers' loops — the broker (its /proc/PID/stat over the replay), the driver and the handler processes' hand-off
// (the replay's `timing` blocks) — divided by the messages they handled, in wall ms, times the time scale: the
// trace-ms CPU each message costs besides its handler, given to the simulator as `--overhead`.
//
// Parameters: experiments/contention/contention.json; environment overrides for a short run: SEEDS=1,2
// TIME_SCALE=10 LOAD=0.3 OVERHEAD=<ms> (a given overhead in place of the measured one) KEEP=<dir> (keep the files)
// RESULTS=<file.jsonl> (append each replay's figures to that file and summarise over every replay it holds with the same
// load, time scale and arms: replications gathered over several runs, e.g. one per idle hour; SEEDS= with nothing
// replays nothing and only summarises the file)
// PRIORITY=<nice> (e.g. -10: on a machine shared with other users, the bench's session — its scheduler autogroup —
// and its processes get that nice value, so that the replay has the cores it is compared on; needs the privilege to
// lower a nice value; run it under setsid so that no other process of your session is affected).
//   node bin/run-ts.js bench/contention-bench.ts
//   PRIORITY=-10 setsid node bin/run-ts.js bench/contention-bench.ts
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnBroker } from '../replay/fixtures/broker-process-fixture.ts';
import { tInterval } from '../analysis/student-t.ts';

interface Params {
  generator: string;
  seeds: number[];
  workers: number;
  load: number;
  time_scale: number;
  arms: string[];
  goal: { gap_points: number; mean_within: number };
}

interface Row {
  load: string;
  arm: string;
  sim_mean_ms: number;
  replay_mean_ms: number;
  mean_diff_pct: number;
  sim_change_pct: number | null;
  replay_change_pct: number | null;
  gap_points: number | null;
}

interface Stage {
  mean: number;
  p50: number;
  p99: number;
}

/** The replay's `timing` block of one arm (replay/replay-timing.ts). */
interface Timing {
  handoff_ms: Stage | null;
  handler_ms: Stage | null;
  return_ms: Stage | null;
  idle_gap_ms: Stage | null;
  handler_stretch: number | null;
  wall_ms: number;
  driver_cpu_ms: number;
  handler_processes_cpu_ms: number;
  handler_loops_cpu_ms: number;
}

interface ReplayFile {
  replay: { cores: number; valid: boolean; reasons: string[] };
  results: Record<string, { arms: Record<string, { replay: { completed: number; lateness_p99_ms: number; timing: Timing } }> }>;
}

/** CPU seconds of one process (utime + stime of /proc/PID/stat), or of the whole machine busy and in total (/proc/stat). */
interface CpuSample {
  broker: number;
  machineBusy: number;
  machineTotal: number;
  at: number;
}

const params = JSON.parse(readFileSync('experiments/contention/contention.json', 'utf8')) as Params;
const seeds = process.env.SEEDS === undefined ? params.seeds : process.env.SEEDS === '' ? [] : process.env.SEEDS.split(',').map(Number);
const timeScale = process.env.TIME_SCALE ?? String(params.time_scale);
const load = process.env.LOAD ?? String(params.load);
const givenOverhead = process.env.OVERHEAD;
const dir = process.env.KEEP ?? mkdtempSync(join(tmpdir(), 'hsim-contention-'));
mkdirSync(dir, { recursive: true });
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const priority = process.env.PRIORITY;
if (priority !== undefined) {
  // Children (broker, replay, handler processes) inherit both the nice value and the session's autogroup.
  try {
    setPriority(Number(priority));
    writeFileSync('/proc/self/autogroup', priority);
    process.stdout.write(`priority: nice ${priority} for this session's autogroup (${readFileSync('/proc/self/autogroup', 'utf8').trim()}) and processes\n`);
  } catch (err) {
    process.stdout.write(`priority: could not set nice ${priority} (${(err as Error).message}); running at the default\n`);
  }
}

/** Runs `hsim …`; throws with its stderr when it fails, except for exit codes listed in `allow`. */
function hsim(args: string[], what: string, allow: readonly number[] = []): string {
  const r = spawnSync(process.execPath, ['bin/hsim.js', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0 && !allow.includes(r.status ?? -1)) throw new Error(`${what}: hsim ${args.join(' ')} exited with ${r.status}\n${r.stderr}`);
  return r.stdout;
}

/** `hsim …` without blocking this process (so that the broker's queue events are heard meanwhile); resolves with its exit code. */
function hsimAsync(args: string[], what: string, allow: readonly number[] = []): Promise<number> {
  const child = spawn(process.execPath, ['bin/hsim.js', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (b: Buffer) => (err += b.toString('utf8')));
  return new Promise((resolve, reject) => child.once('exit', (code) => {
    if (code !== 0 && !allow.includes(code ?? -1)) reject(new Error(`${what}: hsim ${args.join(' ')} exited with ${code}\n${err}`));
    else resolve(code ?? -1);
  }));
}

/** CPU seconds process `pid` used so far (user + system). */
function processCpu(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond; // fields 14 and 15 of proc(5), after pid and comm
}

/** The machine's busy and total CPU seconds so far, over all cores (/proc/stat; idle and iowait are not busy). */
function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  const total = line.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: (total - line[3]! - line[4]!) / ticksPerSecond, total: total / ticksPerSecond };
}

const uptime = (): string => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
const fmt = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

process.stdout.write(`contention bench: ${params.generator} on ${params.workers} workers, load ${load}, time scale ${timeScale}, seeds ${seeds.join(', ')}, arms ${params.arms.join(', ')}${givenOverhead ? `, overhead ${givenOverhead} ms (given)` : ''}\n`);
process.stdout.write(`load before: ${uptime()}\n`);
const t0 = performance.now();
/** CPU samples at each replay queue's creation (an arm begins) and at the replay's end; reset per seed. */
let samples: CpuSample[] = [];
let brokerPid = -1;
const sample = (): void => {
  const m = machineCpu();
  samples.push({ broker: processCpu(brokerPid), machineBusy: m.busy, machineTotal: m.total, at: performance.now() });
};
const { child: broker, port } = await spawnBroker(sample);
brokerPid = broker.pid!;
const url = `harbinger://127.0.0.1:${port}`;
/** Per seed: the compare rows against [unlimited, cores, cores + overhead, effective cores + overhead]. */
type SeedFigures = { seed: number; cores: number; effCores: number; othersMean: number; overheadMs: number; sets: Row[][]; lateness: number[] };
const perSeed: SeedFigures[] = [];
const resultsFile = process.env.RESULTS;
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'unknown';
/**
 * What identifies replays that may be summarised together (the same experiment). A given OVERHEAD changes model [3],
 * so it is part of the identity; the measured overhead (the default) adds no field.
 */
const experiment = {
  load,
  time_scale: timeScale,
  workers: params.workers,
  arms: params.arms,
  generator: params.generator,
  ...(givenOverhead !== undefined ? { overhead_ms: givenOverhead } : {}),
};
try {
  for (const seed of seeds) {
    const trace = join(dir, `prodflow-s${seed}.csv`);
    hsim(['generate', params.generator, '-o', trace, '--seed', String(seed), '--workers', String(params.workers)], 'generate');
    const armArgs = params.arms.flatMap((a) => ['--arm', a]);
    const common = [...armArgs, '--workers', String(params.workers), '--load', load];
    const replay = join(dir, `replay-s${seed}.json`);
    // A generous lateness bound keeps the run's figures on a busy machine; lateness p99 is printed below instead.
    // Exit 1 is an invalid replay (a message lost or delivered twice, e.g. a lease outlived on an overloaded machine):
    // its file says why, and the seed counts for nothing.
    samples = [];
    await hsimAsync(['replay', trace, '--broker', url, ...common, '--time-scale', timeScale, '--handlers', 'compute', '--lateness-bound', '1000', '--quiet', '-o', replay], `replay seed ${seed}`, [1]);
    sample();
    const rep = JSON.parse(readFileSync(replay, 'utf8')) as ReplayFile;
    if (!rep.replay.valid) {
      process.stdout.write(`\n## seed ${seed}: the replay is INVALID, skipped: ${rep.replay.reasons.join('; ')}\n`);
      continue;
    }
    const cores = rep.replay.cores;
    // In the order the replay played them (the --arm order; the result file sorts its arms by name).
    const armRecords = rep.results[load]?.arms ?? {};
    const arms = params.arms.map((a) => [a, armRecords[a]!] as const);
    process.stdout.write(`\n## seed ${seed}: replay through ${url} with computing handlers on ${cores} cores: where the time went (wall ms, cores = CPU s ÷ wall s)\n`);
    process.stdout.write(`${'arm'.padEnd(28)}  ${'wall s'.padStart(6)}  ${'handoff'.padStart(7)}  ${'return'.padStart(6)}  ${'idle gap'.padStart(8)}  ${'stretch'.padStart(7)}  ${'loops'.padStart(5)}  ${'hand-off'.padStart(8)}  ${'driver'.padStart(6)}  ${'broker'.padStart(6)}  ${'others'.padStart(6)}  ${'CPU/msg ms'.padStart(10)}\n`);
    let outsideCpuMs = 0;
    let messages = 0;
    const others: number[] = [];
    arms.forEach(([name, a], k) => {
      const t = a.replay.timing;
      const from = samples[k];
      const to = samples[k + 1];
      // The broker's and the machine's CPU between this arm's queue and the next one's (or the replay's end).
      const span = from !== undefined && to !== undefined ? (to.at - from.at) / 1000 : Number.NaN;
      const brokerS = from !== undefined && to !== undefined ? to.broker - from.broker : Number.NaN;
      const machineS = from !== undefined && to !== undefined ? to.machineBusy - from.machineBusy : Number.NaN;
      const wallS = t.wall_ms / 1000;
      const ours = (t.driver_cpu_ms + t.handler_processes_cpu_ms) / 1000 + brokerS;
      const outside = t.driver_cpu_ms + t.handler_processes_cpu_ms - t.handler_loops_cpu_ms + brokerS * 1000;
      outsideCpuMs += outside;
      if (span === span) others.push((machineS - ours) / span);
      messages += a.replay.completed;
      const c = (s: number, w: number): string => (s / w).toFixed(2);
      const ms = (s: Stage | null): string => (s === null ? '' : s.mean.toFixed(2));
      process.stdout.write(`${name.padEnd(28)}  ${wallS.toFixed(1).padStart(6)}  ${ms(t.handoff_ms).padStart(7)}  ${ms(t.return_ms).padStart(6)}  ${ms(t.idle_gap_ms).padStart(8)}  ${(t.handler_stretch ?? Number.NaN).toFixed(2).padStart(7)}  ${c(t.handler_loops_cpu_ms / 1000, wallS).padStart(5)}  ${c((t.handler_processes_cpu_ms - t.handler_loops_cpu_ms) / 1000, wallS).padStart(8)}  ${c(t.driver_cpu_ms / 1000, wallS).padStart(6)}  ${c(brokerS, span).padStart(6)}  ${c(machineS - ours, span).padStart(6)}  ${(outside / a.replay.completed).toFixed(3).padStart(10)}\n`);
    });
    const cpuPerMessage = outsideCpuMs / messages;
    const overheadMs = givenOverhead !== undefined ? Number(givenOverhead) : Number((cpuPerMessage * Number(timeScale)).toFixed(2));
    process.stdout.write(`CPU per message outside the handlers' loops (broker + driver + hand-off): ${cpuPerMessage.toFixed(3)} wall ms × time scale ${timeScale} = ${(cpuPerMessage * Number(timeScale)).toFixed(2)} trace ms${givenOverhead !== undefined ? `; OVERHEAD=${givenOverhead} given instead` : ' → --overhead'}\n`);
    // The other users of a shared machine take cores the replay then lacks: the simulator's effective cores are the
    // replay's minus their mean share over the arms, rounded (--cores takes an integer), at least 1.
    const othersMean = others.length > 0 ? mean(others) : 0;
    const effCores = Math.max(1, Math.round(cores - othersMean));
    process.stdout.write(`"others": the machine's busy CPU minus ours (other users of the shared machine), cores; mean ${othersMean.toFixed(2)} → effective cores ${cores} − ${othersMean.toFixed(2)} ≈ ${effCores}\n`);
    const sim = join(dir, `sim-s${seed}.json`);
    const simCores = join(dir, `sim-cores-s${seed}.json`);
    const simOverhead = join(dir, `sim-cores-overhead-s${seed}.json`);
    const simEffective = join(dir, `sim-effective-s${seed}.json`);
    hsim(['simulate', trace, ...common, '--quiet', '-o', sim], 'simulate');
    hsim(['simulate', trace, ...common, '--cores', String(cores), '--quiet', '-o', simCores], 'simulate --cores');
    hsim(['simulate', trace, ...common, '--cores', String(cores), '--overhead', String(overheadMs), '--quiet', '-o', simOverhead], 'simulate --cores --overhead');
    hsim(['simulate', trace, ...common, '--cores', String(effCores), '--overhead', String(overheadMs), '--quiet', '-o', simEffective], 'simulate --cores (effective) --overhead');
    const simFiles = [sim, simCores, simOverhead, simEffective];
    process.stdout.write(hsim(['compare', ...simFiles, replay], 'compare'));
    const sets = JSON.parse(hsim(['compare', ...simFiles, replay, '--json'], 'compare --json')) as { rows: Row[] }[];
    const lateness = arms.map(([, a]) => a.replay.lateness_p99_ms);
    process.stdout.write(`producer lateness p99 per arm: ${lateness.map((l) => l.toFixed(1)).join(', ')} ms\n`);
    const figures: SeedFigures = { seed, cores, effCores, othersMean, overheadMs, sets: sets.map((s) => s.rows), lateness };
    perSeed.push(figures);
    if (resultsFile !== undefined) appendFileSync(resultsFile, `${JSON.stringify({ experiment, at: new Date().toISOString(), commit, machine_load_after: uptime(), figures })}\n`);
  }
} finally {
  broker.kill('SIGTERM');
}

if (resultsFile !== undefined && existsSync(resultsFile)) {
  // Summarise every replay of the same experiment in the file (this run's are there already).
  perSeed.length = 0;
  const same = JSON.stringify(experiment);
  readFileSync(resultsFile, 'utf8').split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let entry: { experiment: unknown; figures: SeedFigures };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      throw new Error(`${resultsFile}:${i + 1}: not a JSON line of this bench`);
    }
    if (JSON.stringify(entry.experiment) === same) perSeed.push(entry.figures);
  });
  process.stdout.write(`\n${perSeed.length} replay${perSeed.length === 1 ? '' : 's'} of this experiment in ${resultsFile} (seeds ${perSeed.map((f) => f.seed).join(', ')})\n`);
}
if (perSeed.length === 0) {
  process.stdout.write(`\nno valid replay; load after: ${uptime()}\n`);
  if (process.env.KEEP === undefined) rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
process.stdout.write(`\n## over ${perSeed.length} seed${perSeed.length === 1 ? '' : 's'} (means of the per-seed figures)\n`);
const cols = [1, 2, 3, 4];
process.stdout.write(`${'arm'.padEnd(28)}  ${'replay vs fifo'.padStart(14)}${cols.map((i) => `  ${`sim vs fifo [${i}]`.padStart(15)}  ${`gap [${i}]`.padStart(7)}  ${`replay/sim [${i}]`.padStart(14)}`).join('')}\n`);
let pass = true;
for (const arm of params.arms) {
  const per = cols.map((_, i) => perSeed.map((s) => s.sets[i]!.find((r) => r.arm === arm)!));
  const change = (rows: Row[], k: 'sim_change_pct' | 'replay_change_pct'): string => (rows[0]![k] === null ? '' : `${fmt(mean(rows.map((r) => r[k]!)))} %`);
  const gap = (rows: Row[]): string => (rows[0]!.gap_points === null ? '' : fmt(mean(rows.map((r) => r.gap_points!))));
  const ratio = (rows: Row[]): string => `${fmt(mean(rows.map((r) => r.mean_diff_pct)))} %`;
  process.stdout.write(`${arm.padEnd(28)}  ${change(per[0]!, 'replay_change_pct').padStart(14)}${per.map((rows) => `  ${change(rows, 'sim_change_pct').padStart(15)}  ${gap(rows).padStart(7)}  ${ratio(rows).padStart(14)}`).join('')}\n`);
  const c = per[2]!;
  const g = c[0]!.gap_points === null ? 0 : mean(c.map((r) => r.gap_points!));
  const d = mean(c.map((r) => r.mean_diff_pct)) / 100;
  const ok = Math.abs(g) <= params.goal.gap_points && Math.abs(d) <= params.goal.mean_within;
  pass &&= ok;
  process.stdout.write(`  ${ok ? 'MEETS' : 'MISSES'} the goal with --cores and the measured --overhead [3]: gap ${fmt(g)} points (≤ ${params.goal.gap_points}), replay/sim ${fmt(d * 100)} % (within ±${params.goal.mean_within * 100} %)\n`);
  // One replay is one realisation of a noisy system (a few peaks make a seed's means), so the per-seed figures scatter
  // widely: the 95 % t-interval over seeds says how well the seeds at hand pin the mean gap down.
  if (c.length >= 2) {
    const spread = (xs: number[], unit: string): string => {
      const t = tInterval(xs, 0.95);
      return `${fmt(t.mean)}${unit} [${fmt(t.low)}, ${fmt(t.high)}] (per seed ${xs.map((x) => fmt(x)).join(', ')})`;
    };
    const gaps = c[0]!.gap_points === null ? null : c.map((r) => r.gap_points!);
    process.stdout.write(`    over ${c.length} seeds, 95 % t-interval: ${gaps === null ? '' : `gap ${spread(gaps, '')}; `}replay/sim ${spread(c.map((r) => r.mean_diff_pct), ' %')}\n`);
  }
}
process.stdout.write(`[1] a core per worker, [2] --cores = the replay's cores (${[...new Set(perSeed.map((s) => s.cores))].join(', ')}), [3] [2] with --overhead ${givenOverhead !== undefined ? `${givenOverhead} (given)` : `= the measured CPU per message (${perSeed.map((s) => s.overheadMs).join(', ')} ms)`}, [4] [3] on the effective cores (${perSeed.map((s) => `${s.effCores}: others ${s.othersMean.toFixed(2)}`).join(', ')})\n`);
process.stdout.write(`goal ${pass ? 'met' : 'not met'}; wall ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
process.stdout.write(`load after: ${uptime()}\n`);
if (process.env.KEEP === undefined) rmSync(dir, { recursive: true, force: true });
else process.stdout.write(`files kept in ${dir}\n`);
