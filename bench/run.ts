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
script('bench/predictor-bench.ts');
script('bench/select-bench.ts');
script('bench/trace-read-bench.ts');
script('bench/convert-bench.ts');
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
  // The first run fills the binary cache; the three timed runs then read from it (a researcher's repeated runs).
  timed(['simulate', synth, '--arm', 'fifo', ...common]);
  cell('synth2m fifo', ['simulate', synth, '--arm', 'fifo', ...common], 'C++ 2.24 s, 208 MiB; target ≤ 2.24 s and ≤ 250 MiB');
  cell('synth2m fifo, cold (no cache)', ['simulate', synth, '--arm', 'fifo', '--no-cache', ...common], 'C++ 2.24 s, 208 MiB');
  cell('synth2m predictive+weights+pausing', ['simulate', synth, '--arm', 'predictive+weights+pausing', ...common], 'C++ 3.19 s, 210 MiB; target ≤ 3.19 s and ≤ 250 MiB');
  // The ideal-order bounds must stay cheap next to the oracle they bound (issue 14): target ≤ 1.5× its wall time.
  cell('synth2m predictive+weights+pausing --cores 48', ['simulate', synth, '--arm', 'predictive+weights+pausing', '--cores', '48', ...common], 'target ≤ 2× the cell without --cores (issue 15)');
  // Interleaved, so that the machine's load drifts alike for the bound and its baseline. 2026-12-03, 2 busy cores,
  // 5 rounds: sjf 0.80× oracle (wall and CPU), sept 1.52× wall, 1.59× CPU (oracle 1.05 s CPU, sept 1.67 s, sjf 0.84 s):
  // sept's excess over sjf is the shared predictor (warm start on the history half, predict and observe per message).
  // With the predictor called by key id (no Map lookup of the key string per call), medians of interleaved rounds
  // with main's sept (cbd07a2) in the same rounds, CPU (wall):
  //   load average 10, 9 rounds: sept 1.47× oracle (main's 1.59×), sjf 0.77×;
  //   load average 6, 7 rounds:  sept 1.27× (1.11×) oracle (main's 1.57× (1.40×)), sjf 0.74×;
  //   load average 4, 5 rounds:  sept 1.20× (1.01×) oracle, 1.52 s CPU (main's 1.52× (1.41×), 1.93 s), sjf 0.65×.
  // (These three also reused each key's p50/p99 walk until its histogram changed: it hit 21 % of predictions, about
  // 1 % of the time, and was dropped to keep the predictor change small. Without it, load average 4, 5 rounds:
  // sept 1.33× (1.06×) oracle, 1.45 s CPU (main's 1.61× (1.43×), 1.76 s), sjf 0.74×.)
  // What remains is the predictor's own arithmetic: Math.pow of the idle decay (~1.6M calls, ~0.1 s), the 48-bin walks.
  interleaved(['oracle', 'sjf', 'sept'].map((a) => ({ label: `synth2m ${a}`, args: ['simulate', synth, '--arm', a, ...common] })), 5, 'target ≤ 1.5× synth2m oracle');
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
