// The contention validation (issue 15 item 3): prodflow replayed through `hsim broker` with computing handlers
// (FIFO, predictive, oracle; several seeds) against the simulator with a core per worker and with --cores = the cores
// the replay had, printed by `hsim compare` per seed and summarised over seeds against the goal: the gap in change
// vs FIFO within 5 points and the mean latency within 25 % with the contention model. A benchmark, not a test: its
// figures depend on the machine, whose load (uptime) is printed before and after.
//
// Parameters: experiments/contention/contention.json; environment overrides for a short run: SEEDS=1,2
// TIME_SCALE=10 LOAD=0.3 OVERHEAD=<ms> (adds --overhead to the --cores simulation) KEEP=<dir> (keep the files there).
//   node bin/run-ts.js bench/contention-bench.ts
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnBroker } from '../src/replay/fixtures/broker-process-fixture.ts';

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

const params = JSON.parse(readFileSync('experiments/contention/contention.json', 'utf8')) as Params;
const seeds = process.env.SEEDS ? process.env.SEEDS.split(',').map(Number) : params.seeds;
const timeScale = process.env.TIME_SCALE ?? String(params.time_scale);
const load = process.env.LOAD ?? String(params.load);
const overhead = process.env.OVERHEAD;
const dir = process.env.KEEP ?? mkdtempSync(join(tmpdir(), 'hsim-contention-'));
mkdirSync(dir, { recursive: true });

/** Runs `hsim …`; throws with its stderr when it fails, except for exit codes listed in `allow`. */
function hsim(args: string[], what: string, allow: readonly number[] = []): string {
  const r = spawnSync(process.execPath, ['bin/hsim.js', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0 && !allow.includes(r.status ?? -1)) throw new Error(`${what}: hsim ${args.join(' ')} exited with ${r.status}\n${r.stderr}`);
  return r.stdout;
}

const uptime = (): string => spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

const fmt = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

process.stdout.write(`contention bench: ${params.generator} on ${params.workers} workers, load ${load}, time scale ${timeScale}, seeds ${seeds.join(', ')}, arms ${params.arms.join(', ')}${overhead ? `, overhead ${overhead} ms` : ''}\n`);
process.stdout.write(`load before: ${uptime()}\n`);
const t0 = performance.now();
const { child: broker, port } = await spawnBroker();
const url = `harbinger://127.0.0.1:${port}`;
/** Per seed: the compare rows against [unlimited, cores]. */
const perSeed: { seed: number; cores: number; unlimited: Row[]; withCores: Row[]; lateness: number[] }[] = [];
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
    hsim(['replay', trace, '--broker', url, ...common, '--time-scale', timeScale, '--handlers', 'compute', '--lateness-bound', '1000', '--quiet', '-o', replay], `replay seed ${seed}`, [1]);
    const rep = JSON.parse(readFileSync(replay, 'utf8')) as { replay: { cores: number; valid: boolean; reasons: string[] }; results: Record<string, { arms: Record<string, { replay: { lateness_p99_ms: number } }> }> };
    if (!rep.replay.valid) {
      process.stdout.write(`\n## seed ${seed}: the replay is INVALID, skipped: ${rep.replay.reasons.join('; ')}\n`);
      continue;
    }
    const cores = rep.replay.cores;
    const sim = join(dir, `sim-s${seed}.json`);
    const simCores = join(dir, `sim-cores-s${seed}.json`);
    hsim(['simulate', trace, ...common, '--quiet', '-o', sim], 'simulate');
    hsim(['simulate', trace, ...common, '--cores', String(cores), ...(overhead ? ['--overhead', overhead] : []), '--quiet', '-o', simCores], 'simulate --cores');
    process.stdout.write(`\n## seed ${seed}: replay through ${url} with computing handlers on ${cores} cores\n`);
    process.stdout.write(hsim(['compare', sim, simCores, replay], 'compare'));
    const sets = JSON.parse(hsim(['compare', sim, simCores, replay, '--json'], 'compare --json')) as { rows: Row[] }[];
    const lateness = Object.values(rep.results[load]?.arms ?? {}).map((a) => a.replay.lateness_p99_ms);
    process.stdout.write(`producer lateness p99 per arm: ${lateness.map((l) => l.toFixed(1)).join(', ')} ms\n`);
    perSeed.push({ seed, cores, unlimited: sets[0]!.rows, withCores: sets[1]!.rows, lateness });
  }
} finally {
  broker.kill('SIGTERM');
}

if (perSeed.length === 0) {
  process.stdout.write(`\nno valid replay; load after: ${uptime()}\n`);
  if (process.env.KEEP === undefined) rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
process.stdout.write(`\n## over ${perSeed.length} seed${perSeed.length === 1 ? '' : 's'} (means of the per-seed figures)\n`);
process.stdout.write(`${'arm'.padEnd(28)}  ${'replay vs fifo'.padStart(14)}  ${'sim vs fifo [1]'.padStart(15)}  ${'gap [1]'.padStart(7)}  ${'replay/sim [1]'.padStart(14)}  ${'sim vs fifo [2]'.padStart(15)}  ${'gap [2]'.padStart(7)}  ${'replay/sim [2]'.padStart(14)}\n`);
let pass = true;
for (const arm of params.arms) {
  const pick = (rows: Row[]): Row => rows.find((r) => r.arm === arm)!;
  const u = perSeed.map((s) => pick(s.unlimited));
  const c = perSeed.map((s) => pick(s.withCores));
  const change = (rows: Row[], k: 'sim_change_pct' | 'replay_change_pct'): string => (rows[0]![k] === null ? '' : `${fmt(mean(rows.map((r) => r[k]!)))} %`);
  const gap = (rows: Row[]): string => (rows[0]!.gap_points === null ? '' : fmt(mean(rows.map((r) => r.gap_points!))));
  const ratio = (rows: Row[]): string => `${fmt(mean(rows.map((r) => r.mean_diff_pct)))} %`;
  process.stdout.write(`${arm.padEnd(28)}  ${change(c, 'replay_change_pct').padStart(14)}  ${change(u, 'sim_change_pct').padStart(15)}  ${gap(u).padStart(7)}  ${ratio(u).padStart(14)}  ${change(c, 'sim_change_pct').padStart(15)}  ${gap(c).padStart(7)}  ${ratio(c).padStart(14)}\n`);
  const g = c[0]!.gap_points === null ? 0 : mean(c.map((r) => r.gap_points!));
  const d = mean(c.map((r) => r.mean_diff_pct)) / 100;
  const ok = Math.abs(g) <= params.goal.gap_points && Math.abs(d) <= params.goal.mean_within;
  pass &&= ok;
  process.stdout.write(`  ${ok ? 'MEETS' : 'MISSES'} the goal with --cores: gap ${fmt(g)} points (≤ ${params.goal.gap_points}), replay/sim ${fmt(d * 100)} % (within ±${params.goal.mean_within * 100} %)\n`);
}
process.stdout.write(`[1] a core per worker, [2] --cores = the replay's cores (${[...new Set(perSeed.map((s) => s.cores))].join(', ')})${overhead ? ` with --overhead ${overhead}` : ''}\n`);
process.stdout.write(`goal ${pass ? 'met' : 'not met'}; wall ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
process.stdout.write(`load after: ${uptime()}\n`);
if (process.env.KEEP === undefined) rmSync(dir, { recursive: true, force: true });
else process.stdout.write(`files kept in ${dir}\n`);
