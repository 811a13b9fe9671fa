// Benchmark of hsim at scale: generated traces from 0.5M rows doubling up to --max, each simulated cold and warm.
//
// Usage: node bin/run-ts.js bench/scale-bench.ts [--max ROWS] [--min ROWS] [--arm ARM] [--hsim DIR] [--keep DIR]
//   --max   largest trace (default 8,000,000; the full ladder is --max 128000000, ~10 GB of disk at the top)
//   --min   smallest trace (default 500,000; the µs/row baseline is the smallest step)
//   --arm   the simulated arm (default fifo)
//   --hsim  run the CLI of another checkout (its bin/hsim.js), e.g. a pristine main for a same-run A/B
//   --keep  generate into DIR and keep the traces (default: a temporary folder, deleted at the end)
// Every step is a whole `hsim` process timed by GNU time (wall, user+sys CPU, peak RSS): `hsim generate serverless`,
// then `hsim simulate` with an empty cache folder (cold: parse the CSV, write the binary cache) and again (warm: read
// the cache). Same-run baselines: warm against cold at each size, and CPU µs/row against the smallest step.
// Generators hold the whole trace in memory until they stream, so generate runs with a large --max-old-space-size.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

interface Step {
  seconds: number;
  cpu: number;
  rssMiB: number;
  stderr: string;
}

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
};
const max = Number(opt('--max', '8000000'));
const min = Number(opt('--min', '500000'));
const arm = opt('--arm', 'fifo');
const hsim = resolve(opt('--hsim', '.'), 'bin', 'hsim.js');
const keep = args.includes('--keep') ? resolve(opt('--keep', '')) : null;
if (!Number.isSafeInteger(max) || !Number.isSafeInteger(min) || min < 1 || max < min || !existsSync(hsim)) {
  process.stderr.write('usage: scale-bench.ts [--max ROWS] [--min ROWS] [--arm ARM] [--hsim DIR] [--keep DIR] (ROWS integers, min ≤ max; DIR/bin/hsim.js must exist)\n');
  process.exit(2);
}

/** One whole process of `hsim …`, timed by GNU time; throws with its stderr when it fails. */
function run(hsimArgs: string[], env: NodeJS.ProcessEnv): Step {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', process.execPath, hsim, ...hsimArgs], { encoding: 'utf8', env, maxBuffer: 1 << 26 });
  const lines = r.stderr.trim().split('\n');
  const [s, u, sys, kb] = (lines.pop() ?? '').split(' ').map(Number) as [number, number, number, number];
  if (r.status !== 0) throw new Error(`hsim ${hsimArgs.join(' ')} exited with ${r.status}:\n${lines.join('\n')}`);
  return { seconds: s, cpu: u + sys, rssMiB: kb / 1024, stderr: lines.join('\n') };
}

/** Bytes of the binary cache files in `cache` (0 when none was written). */
function cacheBytes(cache: string): number {
  if (!existsSync(cache)) return 0;
  return readdirSync(cache)
    .filter((f) => f.endsWith('.trace'))
    .reduce((a, f) => a + statSync(join(cache, f)).size, 0);
}

const sizes: number[] = [];
for (let n = min; n <= max; n *= 2) sizes.push(n);
if (sizes[sizes.length - 1] !== max && max > min) sizes.push(max);

const dir = keep ?? mkdtempSync(join(tmpdir(), 'hsim-scale-bench-'));
mkdirSync(dir, { recursive: true });
const fmt = (x: number, d: number): string => x.toFixed(d).padStart(8);
process.stdout.write(`# scale bench: ${hsim}, arm ${arm}, load 0.8, node ${process.version}; sizes ${sizes.map((n) => n.toLocaleString('en')).join(', ')}\n`);
process.stdout.write('# whole processes timed by GNU time; CPU = user+sys; B/row = peak RSS / rows; the machine is shared, so wall time varies with its load\n');
process.stdout.write(`${'rows'.padStart(12)} ${'step'.padEnd(9)} ${'wall s'.padStart(8)} ${'cpu s'.padStart(8)} ${'µs/row'.padStart(8)} ${'×0.5M'.padStart(8)} ${'RSS MiB'.padStart(8)} ${'B/row'.padStart(8)}  note\n`);
const base: Record<string, number> = {};
try {
  for (const n of sizes) {
    const trace = join(dir, `serverless-${n}.csv`);
    const cache = join(dir, `cache-${n}`);
    const env = { ...process.env, HSIM_CACHE_DIR: cache };
    const genEnv = { ...env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${Math.max(4096, Math.ceil(n / 4000))}`.trim() };
    const steps: [string, () => Step][] = [
      ['generate', () => run(['generate', 'serverless', '-o', trace, '--n', String(n), '--seed', '7'], genEnv)],
      ['cold', () => run(['simulate', trace, '--arm', arm, '--load', '0.8', '--quiet', '-o', join(dir, 'r.json')], env)],
      ['warm', () => run(['simulate', trace, '--arm', arm, '--load', '0.8', '--quiet', '-o', join(dir, 'r.json')], env)],
    ];
    rmSync(cache, { recursive: true, force: true });
    const seen: Record<string, Step> = {};
    for (const [name, step] of steps) {
      const s = step();
      seen[name] = s;
      const perRow = (s.cpu * 1e6) / n;
      base[name] ??= perRow;
      let note = '';
      if (name === 'generate') note = `${(statSync(trace).size / n).toFixed(1)} B/row of CSV`;
      if (name === 'cold') note = `binary cache ${(cacheBytes(cache) / 2 ** 20).toFixed(0)} MiB`;
      if (name === 'warm') note = `warm/cold wall ${(s.seconds / seen['cold']!.seconds).toFixed(2)}, cpu ${(s.cpu / seen['cold']!.cpu).toFixed(2)}`;
      if (/^hsim: warning/m.test(s.stderr)) note += ` | ${s.stderr.split('\n').find((l) => l.startsWith('hsim: warning'))}`;
      process.stdout.write(`${n.toLocaleString('en').padStart(12)} ${name.padEnd(9)} ${fmt(s.seconds, 2)} ${fmt(s.cpu, 2)} ${fmt(perRow, 3)} ${fmt(perRow / base[name]!, 2)} ${fmt(s.rssMiB, 0)} ${fmt((s.rssMiB * 2 ** 20) / n, 1)}  ${note}\n`);
    }
    if (keep === null) for (const f of readdirSync(dir)) if (f.startsWith(`serverless-${n}.`)) rmSync(join(dir, f), { force: true });
    rmSync(cache, { recursive: true, force: true });
  }
} finally {
  if (keep === null) rmSync(dir, { recursive: true, force: true });
}
