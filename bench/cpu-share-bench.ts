// How this machine's kernel shares cores among handlers that compute: the wall time of short CPU bursts
// by a process that wakes for each, beside N processes that spin, against egalitarian processor sharing (PS), the
// model of `simulate --cores`. Under PS a burst of B ms of CPU takes about B·(N+1)/C ms of wall while N spinners and
// it share C cores; a scheduler that lets a woken process run ahead of the spinning ones (Linux's wake-up placement)
// finishes a short burst in about B. A benchmark, not a test: figures depend on the machine and its load (printed).
//
// Usage: node bin/run-ts.js bench/cpu-share-bench.ts [--spinners N] [--reps R]
//   Per burst length: the stretch (wall ÷ CPU) alone (the same-run baseline: what the machine's other users cost)
//   and beside the spinners (median, p10–p90), the spinners' own stretch, and PS's prediction (N+1) ÷ C, C being the
//   cores this run's processes received (their CPU ÷ wall, from /proc).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';

const BURSTS_MS = [0.2, 0.5, 1, 2, 5, 10, 20, 50];
const GAP_MS = 5;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const v = Number(process.argv[at + 1]);
  if (!(Number.isInteger(v) && v >= 1)) {
    process.stderr.write(`cpu-share-bench: ${name} ${process.argv[at + 1]}; expected an integer ≥ 1\n`);
    process.exit(2);
  }
  return v;
}

const spinners = option('--spinners', 4);
const reps = option('--reps', 30);

/** Spins until this process has used `ms` more CPU; returns the wall ms it took. */
function burst(ms: number): number {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const target = ms * 1000;
  for (;;) {
    const c = process.cpuUsage(c0);
    if (c.user + c.system >= target) break;
  }
  return performance.now() - t0;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** CPU ms (user + system) a process has used, from /proc/PID/stat (clock ticks of 10 ms). */
function procCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Stretch (wall ÷ CPU) of `reps` bursts of each length, a sleep of GAP_MS between bursts. */
async function measure(): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const b of BURSTS_MS) {
    const s: number[] = [];
    for (let r = 0; r < reps; r++) {
      await sleep(GAP_MS);
      s.push(burst(b) / b);
    }
    out.set(b, s.sort((x, y) => x - y));
  }
  return out;
}

const q = (s: number[], p: number): number => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
const fmt = (x: number): string => x.toFixed(2);

process.stdout.write(`cpu-share-bench: ${spinners} spinners, ${reps} bursts per length, ${availableParallelism()} cores, load average ${loadavg().map(fmt).join(' ')}\n`);
burst(20); // warm up the loop
const alone = await measure();

const kids: ChildProcess[] = [];
for (let i = 0; i < spinners; i++) kids.push(spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
await sleep(200);
const w0 = performance.now();
const own0 = process.cpuUsage();
const kid0 = kids.map((k) => procCpuMs(k.pid!));
let beside: Map<number, number[]>;
let wall = 0;
let kidCpu: number[] = [];
let ownCpu = 0;
try {
  beside = await measure();
  wall = performance.now() - w0;
  const own = process.cpuUsage(own0);
  ownCpu = (own.user + own.system) / 1000;
  kidCpu = kids.map((k, i) => procCpuMs(k.pid!) - kid0[i]!);
} finally {
  for (const k of kids) k.kill('SIGKILL');
}
const cores = (ownCpu + kidCpu.reduce((a, b) => a + b, 0)) / wall;
const spinStretch = wall / (kidCpu.reduce((a, b) => a + b, 0) / spinners);
const ps = (spinners + 1) / cores;

process.stdout.write(`beside the spinners: this run's processes got ${fmt(cores)} cores over ${(wall / 1000).toFixed(1)} s; spinners' stretch ${fmt(spinStretch)}; PS predicts a burst stretch of ${fmt(ps)}\n`);
process.stdout.write('burst ms  alone (median)  beside: median  p10–p90      ÷ PS\n');
for (const b of BURSTS_MS) {
  const a = alone.get(b)!;
  const s = beside.get(b)!;
  process.stdout.write(`${String(b).padStart(8)}  ${fmt(q(a, 0.5)).padStart(14)}  ${fmt(q(s, 0.5)).padStart(14)}  ${`${fmt(q(s, 0.1))}–${fmt(q(s, 0.9))}`.padEnd(11)}  ${fmt(q(s, 0.5) / ps).padStart(5)}\n`);
}
process.stdout.write(`load average after ${loadavg().map(fmt).join(' ')}\n`);
