// Parallel cells: wall time of `hsim run` on a 12-cell experiment with --jobs 1 and --jobs 2 (target ≥ 1.7× on two
// cores), whole processes by GNU time, alternating, best of two each; prints CPU seconds and the load average, since
// the machine may be shared. Trace: shared/bench/synth2m.csv.gz when present (cells of 1–2 s), else 1,000,000
// generated jobs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot } from '../src/io/provenance-io.ts';
import { sharedFile } from '../src/io/shared-io.ts';

/** SHA-256 of the uncompressed synth2m.csv (shared/bench/README.md). */
const SYNTH2M_SHA256 = '71c0cd0acd1772d1db49c1cf356d63aede60bbf0d3ed0156557c2d20d1d98bb7';

const root = repositoryRoot();
const dir = mkdtempSync(join(tmpdir(), 'hsim-sweep-bench-'));
const env = { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') };
const hsim = (args: string[]): { status: number | null; stderr: string } =>
  spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env });

/** Wall and CPU (user + system) seconds of one whole `hsim` process, by GNU time. */
function timed(args: string[]): { wall: number; cpu: number } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', process.execPath, join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(r.stderr);
  const [wall, user, sys] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { wall: wall!, cpu: user! + sys! };
}

try {
  const shared = sharedFile('bench', 'synth2m.csv.gz');
  let trace = { path: shared ?? 'trace.csv', sha256: SYNTH2M_SHA256, rows: 2_000_000 };
  if (shared === null) {
    const gen = hsim(['generate', 'serverless', '-o', 'trace.csv', '--n', '1000000', '--keys', '400', '--seed', '1', '--period-ms', '3600000']);
    if (gen.status !== 0) throw new Error(gen.stderr);
    trace = { path: 'trace.csv', sha256: (JSON.parse(readFileSync(join(dir, 'trace.meta.json'), 'utf8')) as { sha256: string }).sha256, rows: 1_000_000 };
  }
  // 2 loads × 3 arms × 2 override sets = 12 cells.
  writeFileSync(join(dir, 'exp.json'), JSON.stringify({
    id: 'bench', traces: [{ path: trace.path, sha256: trace.sha256 }], loads: [0.8, 0.95],
    arms: ['fifo', 'oracle+weights+pausing', 'predictive+weights+pausing'], overrides: [{}, { aging: 1000 }], out: 'out',
  }));
  // Warm-up with threads: builds the binary trace cache, the CLI bundle and the worker bundle, so none is timed.
  const warm = hsim(['run', 'exp.json', '--jobs', '2', '--quiet', '-o', 'out/warm']);
  if (warm.status !== 0) throw new Error(warm.stderr);
  const best: Record<string, number> = { '1': Infinity, '2': Infinity };
  process.stdout.write(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  for (let round = 0; round < 2; round++) {
    for (const jobs of ['1', '2']) {
      const t = timed(['run', 'exp.json', '--jobs', jobs, '--quiet', '-o', `out/j${jobs}-${round}`]);
      best[jobs] = Math.min(best[jobs]!, t.wall);
      process.stdout.write(`round ${round + 1}: --jobs ${jobs}  ${t.wall.toFixed(2)} s wall, ${t.cpu.toFixed(2)} s CPU\n`);
    }
  }
  const ratio = best['1']! / best['2']!;
  // The machine's own ceiling, measured now: the same pure-CPU loop in one process, then in two at once.
  const spin = ['-e', 'let x = 0; for (let i = 0; i < 2e9; i++) x += i & 1; if (x < 0) console.log(x);'];
  const wallOf = (cmd: string[]): number => {
    const t0 = performance.now();
    const r = spawnSync(cmd[0]!, cmd.slice(1), { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed`);
    return (performance.now() - t0) / 1000;
  };
  const one = wallOf([process.execPath, ...spin]);
  const two = wallOf(['bash', '-c', `${process.execPath} ${spin.map((a) => `'${a}'`).join(' ')} & ${process.execPath} ${spin.map((a) => `'${a}'`).join(' ')} & wait`]);
  process.stdout.write(`machine ceiling now: one CPU loop ${one.toFixed(2)} s, two at once ${two.toFixed(2)} s → at most ${((2 * one) / two).toFixed(2)}× from two cores\n`);
  process.stdout.write(`12 cells on ${trace.rows} jobs (${cpus().length} cores, load average after ${loadavg().map((x) => x.toFixed(2)).join(' ')})\n`);
  process.stdout.write(`best --jobs 1: ${best['1']!.toFixed(2)} s   best --jobs 2: ${best['2']!.toFixed(2)} s   speed-up ${ratio.toFixed(2)}× (target ≥ 1.7×)\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
