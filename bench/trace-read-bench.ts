// Benchmark of readTrace on a large trace (default ../shared/bench/synth2m.csv.gz): cold parse, cache hit, and a plain baseline.
//
// Usage: node bin/run-ts.js bench/trace-read-bench.ts [trace.csv[.gz]] [--repeat N]
// Each measurement runs in a fresh child process so its peak RSS is its own; prints the median seconds and peak RSS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sharedFile } from '../src/io/shared-io.ts';
import { readTrace } from '../traces/trace-io.ts';

type Mode = 'cold' | 'cache' | 'baseline';

const args = process.argv.slice(2);
const modeAt = args.indexOf('--child');
if (modeAt >= 0) {
  await child(args[modeAt + 1] as Mode, args[modeAt + 2]!, args[modeAt + 3]!);
} else {
  parent();
}

/** One measurement: prints `seconds maxRssMiB rows cpuSeconds` on stdout. */
async function child(mode: Mode, file: string, cacheDir: string): Promise<void> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let rows: number;
  if (mode === 'baseline') {
    // The plain way: gunzip the whole file, split lines, parseFloat each number, intern keys in a Map.
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    const lines = text.split('\n');
    const arrival = new Float64Array(lines.length);
    const duration = new Float64Array(lines.length);
    const keyId = new Int32Array(lines.length);
    const keys = new Map<string, number>();
    rows = 0;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === '') continue;
      const f = line.split(',');
      arrival[rows] = parseFloat(f[0]!);
      duration[rows] = parseFloat(f[1]!);
      let id = keys.get(f[2]!);
      if (id === undefined) keys.set(f[2]!, (id = keys.size));
      keyId[rows++] = id;
    }
  } else {
    rows = (await readTrace(file, { cache: mode === 'cache', cacheDir })).trace.n;
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${seconds} ${process.resourceUsage().maxRSS / 1024} ${rows} ${(cpu.user + cpu.system) / 1e6}\n`);
}

function parent(): void {
  const repeatAt = args.indexOf('--repeat');
  const repeat = repeatAt >= 0 ? Number(args[repeatAt + 1]) : 3;
  const file = args.find((a, i) => !a.startsWith('--') && (repeatAt < 0 || i !== repeatAt + 1)) ?? sharedFile('bench', 'synth2m.csv.gz');
  if (!file) {
    process.stderr.write('no trace given and ../shared/bench/synth2m.csv.gz is absent\n');
    process.exitCode = 2;
    return;
  }
  const cacheDir = mkdtempSync(join(tmpdir(), 'hsim-bench-cache-'));
  const runTs = resolve('bin/run-ts.js');
  const measure = (mode: Mode): { seconds: number; rss: number; rows: number; cpu: number } => {
    const out = execFileSync(process.execPath, [runTs, 'bench/trace-read-bench.ts', '--child', mode, file, cacheDir]).toString().trim();
    const [seconds, rss, rows, cpu] = out.split(' ').map(Number) as [number, number, number, number];
    return { seconds, rss, rows, cpu };
  };
  try {
    process.stdout.write(`trace ${file}, ${repeat} runs per mode (median wall and CPU seconds of the read, peak RSS of the whole child process incl. the tsx loader; the machine is shared, so wall time varies with its load)\n`);
    measure('cache'); // builds the cache once so the cache mode measures hits
    for (const mode of ['baseline', 'cold', 'cache'] as const) {
      const runs = Array.from({ length: repeat }, () => measure(mode));
      const secs = runs.map((r) => r.seconds).sort((a, b) => a - b);
      const rss = Math.max(...runs.map((r) => r.rss));
      const cpu = runs.map((r) => r.cpu).sort((a, b) => a - b);
      const label = { baseline: 'baseline gunzipSync+split+parseFloat', cold: 'readTrace cold (no cache)', cache: 'readTrace cache hit' }[mode];
      process.stdout.write(`${label.padEnd(40)} ${secs[Math.floor(secs.length / 2)]!.toFixed(3)} s (cpu ${cpu[Math.floor(cpu.length / 2)]!.toFixed(3)} s)   peak RSS ${rss.toFixed(0)} MiB   rows ${runs[0]!.rows}\n`);
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
