// `npm run bench`: every benchmark of the project, each printing its figures next to a baseline measured in the same
// run. Whole-process cells are timed with GNU time (wall seconds and peak RSS), median of three runs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedFile } from '../src/io/shared-io.ts';

const only = process.argv.slice(2);
const want = (name: string): boolean => only.length === 0 || only.some((o) => name.includes(o));

/** Runs a TypeScript benchmark script and passes its output through. */
function script(file: string): void {
  if (!existsSync(file) || !want(file)) return;
  process.stdout.write(`\n## ${file}\n`);
  const r = spawnSync(process.execPath, ['bin/run-ts.js', file], { stdio: 'inherit' });
  if (r.status !== 0) process.stdout.write(`(${file} exited with ${r.status})\n`);
}

/** Wall seconds and peak RSS (MiB) of one whole process, by GNU time. */
function timed(args: string[]): { seconds: number; rssMiB: number; ok: boolean } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, 'bin/hsim.js', ...args], { encoding: 'utf8' });
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const [s, kb] = last.split(' ').map(Number);
  return { seconds: s ?? Number.NaN, rssMiB: (kb ?? Number.NaN) / 1024, ok: r.status === 0 };
}

/** Median of three whole-process runs of `hsim …`, printed beside a reference figure. */
function cell(label: string, args: string[], reference: string): void {
  if (!want(label)) return;
  const runs = [timed(args), timed(args), timed(args)];
  if (runs.some((r) => !r.ok)) {
    process.stdout.write(`${label}: FAILED (hsim ${args.join(' ')})\n`);
    return;
  }
  const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1]!;
  process.stdout.write(
    `${label}: ${med(runs.map((r) => r.seconds)).toFixed(2)} s wall, ${med(runs.map((r) => r.rssMiB)).toFixed(0)} MiB peak RSS ` +
      `(median of 3; runs ${runs.map((r) => r.seconds.toFixed(2)).join(', ')} s) — ${reference}\n`,
  );
}

/**
 * Whole-process runs of several `hsim …` commands interleaved (round r runs each once, in order), median of `rounds`;
 * each printed with its ratio to the first (the same-run baseline), on wall time and on CPU time (user + system),
 * which a busy machine distorts less.
 */
function interleaved(cells: readonly { label: string; args: string[] }[], rounds: number, reference: string): void {
  if (!cells.some((c) => want(c.label))) return;
  const runs = cells.map(() => [] as { seconds: number; cpu: number; ok: boolean }[]);
  for (let r = 0; r < rounds; r++) cells.forEach((c, i) => runs[i]!.push(timedCpu(c.args)));
  const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const base = { wall: med(runs[0]!.map((x) => x.seconds)), cpu: med(runs[0]!.map((x) => x.cpu)) };
  cells.forEach((c, i) => {
    const rs = runs[i]!;
    if (rs.some((x) => !x.ok)) return void process.stdout.write(`${c.label}: FAILED (hsim ${c.args.join(' ')})\n`);
    const wall = med(rs.map((x) => x.seconds));
    const cpu = med(rs.map((x) => x.cpu));
    process.stdout.write(
      `${c.label}: ${wall.toFixed(2)} s wall (${(wall / base.wall).toFixed(2)}× ${cells[0]!.label}), ${cpu.toFixed(2)} s CPU (${(cpu / base.cpu).toFixed(2)}×) ` +
        `(median of ${rounds} interleaved; walls ${rs.map((x) => x.seconds.toFixed(2)).join(', ')} s)${i === 0 ? '' : ` — ${reference}`}\n`,
    );
  });
}

/** Wall and CPU (user + system) seconds of one whole process, by GNU time. */
function timedCpu(args: string[]): { seconds: number; cpu: number; ok: boolean } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, 'bin/hsim.js', ...args], { encoding: 'utf8' });
  const [s, u, sys] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { seconds: s ?? Number.NaN, cpu: (u ?? Number.NaN) + (sys ?? Number.NaN), ok: r.status === 0 };
}

process.stdout.write(`# hsim benchmarks (${new Date().toISOString()}, node ${process.version})\n`);
script('bench/engine-bench.ts');
script('bench/message-log-bench.ts');
script('bench/parquet-bench.ts'); // 10M messages as .csv, .parquet, .arrow; `node bin/run-ts.js bench/parquet-bench.ts 2000000` for fewer
script('bench/predictor-bench.ts');
script('bench/select-bench.ts');
script('bench/trace-read-bench.ts');
script('bench/convert-bench.ts');
script('bench/schema-bench.ts'); // the JSON Schema validators: compiled vs saved
script('bench/sweep-bench.ts');
script('bench/replay-bench.ts');
script('bench/broker-bench.ts');
script('bench/fuzz-bench.ts');
script('bench/startup-bench.ts');
script('bench/scale-bench.ts'); // 0.5M → 8M rows; `node bin/run-ts.js bench/scale-bench.ts --max 128000000` for the full ladder

const synth = sharedFile('bench', 'synth2m.csv.gz');
if (!synth) {
  process.stdout.write('\nsynth2m cells skipped: ../shared/bench/synth2m.csv.gz not found (set HSIM_SHARED)\n');
} else {
  process.stdout.write('\n## whole-process cells (reference: the seed C++ simulator, ../shared/bench/README.md)\n');
  const cache = mkdtempSync(join(tmpdir(), 'hsim-bench-cache-'));
  process.env.HSIM_CACHE_DIR = cache;
  const common = ['--load', '0.8', '--split', 'count', '--windows', '7', '--window-by', 'count', '--quiet', '-o', join(cache, 'r.json')];
  // The first runs fill the binary cache and the warm-start cache (one warm start at load 0.8 under the default
  // parameters serves predictive, sept and predictive+weights+pausing); the timed runs then read from them (a
  // researcher's repeated runs).
  timed(['simulate', synth, '--arm', 'fifo', ...common]);
  timed(['simulate', synth, '--arm', 'predictive', ...common]);
  cell('synth2m fifo', ['simulate', synth, '--arm', 'fifo', ...common], 'C++ 2.24 s, 208 MiB; target ≤ 2.24 s and ≤ 250 MiB');
  cell('synth2m fifo, cold (no cache)', ['simulate', synth, '--arm', 'fifo', '--no-cache', ...common], 'C++ 2.24 s, 208 MiB');
  // Warm runs of a predictive cell restore the warm start from the cache (`<id>.warm`) instead of observing the 1M-row
  // history. History of figures against main in the same rounds (a detached worktree of main, its own cache), medians,
  // wall and CPU (user + sys), new vs main:
  //   2026-12-05 09:15–09:18, perf f48ee67 vs main 53aabe3 (warm-start cache, radix quantiles, boundaries without a
  //   copy, v2 trace cache with payload hash and column checks, keyGaps in small passes), interleaved base/new per arm,
  //   load average 3.5–5.8 (other engineers): predictive+weights+pausing 1.95 vs 2.61 s wall (×0.75), CPU 1.64 vs
  //   2.41 (×0.68); fifo 1.31 vs 1.44 (×0.91), CPU 1.10 vs 1.13 (×0.97) — 7 rounds each; 5 rounds: predictive 1.75 vs
  //   1.88 (CPU 1.57 vs 1.69), sept 1.74 vs 1.74 (CPU 1.39 vs 1.62), predictive+weights+pausing --cores 48 1.86 vs
  //   2.45 (CPU 1.67 vs 1.96), oracle 1.50 vs 1.65 (CPU 1.28 vs 1.29), sjf 1.29 vs 1.27 (CPU 1.07 vs 1.09).
  //   Earlier the same day at load 9–12 (08:56–09:01, CPU only): predictive+weights+pausing ×0.91, predictive ×0.82,
  //   fifo ×1.03, oracle ×1.06 — a loaded machine hides most of it. Result files byte-identical to main's.
  cell('synth2m predictive+weights+pausing', ['simulate', synth, '--arm', 'predictive+weights+pausing', ...common], 'C++ 3.19 s, 210 MiB; target ≤ 3.19 s and ≤ 250 MiB');
  // The ideal-order bounds must stay cheap next to the oracle they bound: target ≤ 1.5× its wall time.
  cell('synth2m predictive+weights+pausing --cores 48', ['simulate', synth, '--arm', 'predictive+weights+pausing', '--cores', '48', ...common], 'target ≤ 2× the cell without --cores');
  // Interleaved, so that the machine's load drifts alike for the bound and its baseline; `predictive` shows the cost of
  // the shared predictor that `sept` shares with it. sept's excess over sjf is the predictor: its warm start on the
  // 1M-row history half (~0.15–0.2 s) and a predict and an observe per message (~0.3 s); of that, the idle decay's
  // Math.pow (1.64M calls, 1.59M distinct exponents, so nothing to memoise) is ~0.12 s, and it must stay Math.pow for
  // the results to keep their bits. History of figures (CPU, wall in brackets):
  //   2026-12-03, main cbd07a2 … 2759da4, loads 4 to quiet: sept 1.20–1.59× oracle, sjf 0.65–0.80×.
  //   2026-12-03 21:02, the bins by edge comparisons and branch-light quantile walks (robust4) against main 2759da4 in
  //   the same rounds, load average 2.8–4.1, 9 rounds, CPU: main's oracle 0.90 s; sept 1.48 s = 1.64× (wall 1.80×),
  //   main's sept 1.46 s = 1.62× (1.90×); sjf 0.71 s = 0.79×; predictive 1.59 s = 1.77×, main's 1.57 s. A process
  //   right after a predictor arm ran ~15 % slower in every round (this tree's oracle 1.03 s), so compare medians
  //   of many rounds. The bins change saves ~5 % of the predictor's own time (a recorded sept call sequence replayed
  //   alone), under the noise of whole processes.
  //   2026-12-04 19:53–20:21, main 5c83f58, a fresh idle machine (load average 0.3–1.7 from the bench itself), three
  //   runs of 5 rounds: sept 1.37×, 1.27×, 1.27× wall (CPU 1.42×, 1.33×, 1.31×); sjf 0.87–0.88×; predictive 1.23–1.36×.
  interleaved(['oracle', 'sjf', 'sept', 'predictive'].map((a) => ({ label: `synth2m ${a}`, args: ['simulate', synth, '--arm', a, ...common] })), 5, 'target ≤ 1.5× synth2m oracle');
  rmSync(cache, { recursive: true, force: true });
}

const lpc = sharedFile('traces-raw', 'pwa-swf', 'LPC-EGEE-2004-1.2-cln.swf.gz');
if (lpc && want('LPC-EGEE')) {
  const dir = mkdtempSync(join(tmpdir(), 'hsim-bench-lpc-'));
  process.env.HSIM_CACHE_DIR = dir;
  const out = join(dir, 'lpc.csv');
  const conv = spawnSync(process.execPath, ['bin/hsim.js', 'convert', 'swf', lpc, '--preset', 'lpc-egee', '-o', out], { encoding: 'utf8' });
  if (conv.status !== 0) process.stdout.write(`LPC-EGEE conversion failed: ${conv.stderr}\n`);
  else {
    const arms = ['fifo', 'predictive', 'predictive+weights+pausing', 'oracle+weights+pausing', 'predictive+no-aging'].flatMap((a) => ['--arm', a]);
    const common = ['--load', '0.5,0.8,0.95', '--split', 'count', '--windows', '7', '--window-by', 'count', '--quiet', '-o', join(dir, 'r.json')];
    timed(['simulate', out, '--arm', 'fifo', ...common]);
    cell('LPC-EGEE fifo, 3 loads', ['simulate', out, '--arm', 'fifo', ...common], 'C++ 0.49 s, 26 MiB');
    cell('LPC-EGEE predictive+weights+pausing, 3 loads', ['simulate', out, '--arm', 'predictive+weights+pausing', ...common], 'C++ 0.70 s, 27 MiB');
    cell('LPC-EGEE five arms × three loads', ['simulate', out, ...arms, ...common], 'C++ 2.66 s, 27 MiB; target ≤ 2.66 s');
  }
  rmSync(dir, { recursive: true, force: true });
}
