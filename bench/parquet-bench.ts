// `simulate --messages` as Parquet and Arrow against CSV: wall, CPU and peak RSS of whole processes, same run.
//
//   node bin/run-ts.js bench/parquet-bench.ts [N] [ROUNDS]    N messages (default 10,000,000), ROUNDS interleaved (1)
//
// A generated serverless trace of N rows is simulated under fifo at load 0.8 with --split none (every row is a
// message), once without --messages (the engine's own cost, the baseline), then with .csv, .parquet and .arrow,
// interleaved so that load from other processes falls on all alike. Target: the Parquet run ≤ 1.5× the CSV run,
// peak RSS bounded (the writers hold one batch; the engine's arrays are the same in every run).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const n = Number(process.argv[2] ?? 10_000_000);
const rounds = Number(process.argv[3] ?? 1);
const hsim = resolve('bin/hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-parquet-bench-'));
const env = { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') };

interface Step {
  seconds: number;
  cpu: number;
  rssMiB: number;
}

/** One whole `hsim …` process timed by GNU time; throws with its stderr when it fails. */
function run(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Step {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, hsim, ...args], { encoding: 'utf8', env: { ...env, ...extraEnv }, maxBuffer: 1 << 26 });
  const lines = r.stderr.trim().split('\n');
  const [s, u, sys, kb] = (lines.pop() ?? '').split(' ').map(Number) as [number, number, number, number];
  if (r.status !== 0) throw new Error(`hsim ${args.join(' ')} exited with ${r.status}:\n${lines.join('\n')}`);
  return { seconds: s, cpu: u + sys, rssMiB: kb / 1024 };
}

const trace = join(dir, 'trace.csv');
const simulate = (messages: string | null): string[] => [
  'simulate', trace, '--arm', 'fifo', '--load', '0.8', '--split', 'none', '--quiet', '-o', join(dir, 'r.json'),
  ...(messages === null ? [] : ['--messages', join(dir, messages)]),
];
const cells: { label: string; file: string | null }[] = [
  { label: 'no --messages', file: null },
  { label: '--messages .csv', file: 'm.csv' },
  { label: '--messages .parquet', file: 'm.parquet' },
  { label: '--messages .arrow', file: 'm.arrow' },
];

try {
  process.stdout.write(`# ${n.toLocaleString('en')} messages (fifo, load 0.8, --split none), node ${process.version}; whole processes timed by GNU time, CPU = user+sys\n`);
  run(['generate', 'serverless', '-o', trace, '--n', String(n), '--seed', '7'], { NODE_OPTIONS: `--max-old-space-size=${Math.max(4096, Math.ceil(n / 4000))}` });
  run(simulate(null)); // fills the trace cache, so every measured run reads the same binary copy
  const runs = cells.map(() => [] as Step[]);
  for (let r = 0; r < rounds; r++) cells.forEach((c, i) => runs[i]!.push(run(simulate(c.file))));
  const med = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const m = runs.map((rs) => ({ wall: med(rs.map((x) => x.seconds)), cpu: med(rs.map((x) => x.cpu)), rss: med(rs.map((x) => x.rssMiB)) }));
  const [none, csv] = [m[0]!, m[1]!];
  cells.forEach((c, i) => {
    const x = m[i]!;
    const size = c.file === null ? '' : `, ${(statSync(join(dir, c.file)).size / 2 ** 20).toFixed(0)} MiB file`;
    const vsCsv = i < 2 ? '' : `; ${(x.wall / csv.wall).toFixed(2)}× the CSV run's wall, ${(x.cpu / csv.cpu).toFixed(2)}× its CPU, writing alone (CPU above the engine's) ${((x.cpu - none.cpu) / (csv.cpu - none.cpu)).toFixed(2)}× the CSV's`;
    process.stdout.write(`${c.label.padEnd(20)} ${x.wall.toFixed(2)} s wall, ${x.cpu.toFixed(2)} s CPU, ${x.rss.toFixed(0)} MiB peak RSS${size}${vsCsv}\n`);
  });
  const p = m[2]!;
  process.stdout.write(`target: .parquet ≤ 1.5× the CSV run (${(p.wall / csv.wall).toFixed(2)}× wall, ${(p.cpu / csv.cpu).toFixed(2)}× CPU): ${p.cpu / csv.cpu <= 1.5 ? 'met' : 'NOT met'} on CPU; peak RSS ${(p.rss - none.rss).toFixed(0)} MiB above the run without --messages (CSV ${(csv.rss - none.rss).toFixed(0)} MiB)\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
