// `simulate --messages` cost: a 1M-message fifo cell with and without the per-message CSV (plain and gzip), same run.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng, exponential } from '../src/rng/seeded.ts';
import type { Trace } from '../src/trace/trace.ts';
import { parseArm } from '../sim/arms/index.ts';
import { EngineBuffers } from '../sim/engine-buffers.ts';
import { simulate, type SimulationConfig } from '../sim/simulate.ts';
import { MessageCsvFile } from '../sim/message-csv-io.ts';

const N = 1_000_000;
const KEYS = 200;

/** An M/M/64-like trace of N rows over KEYS keys (seeded), split none: every row is evaluated. */
function trace(): Trace {
  const rng = createRng(7);
  const a = rng.fork('arrivals');
  const s = rng.fork('service');
  const k = rng.fork('keys');
  const arrival = new Float64Array(N);
  const duration = new Float64Array(N);
  const keyId = new Int32Array(N);
  let t = 0;
  for (let i = 0; i < N; i++) {
    t += exponential(a, 1);
    arrival[i] = t;
    duration[i] = exponential(s, 40);
    keyId[i] = Math.floor(k.next() * KEYS);
  }
  return { n: N, arrival, duration, keyId, keys: Array.from({ length: KEYS }, (_, i) => `key-${i}`), classId: null, classes: null, size: null };
}

const levels = 3;
const cfg: SimulationConfig = {
  loads: [0.8], arms: [parseArm('fifo', levels, [])], workers: 64, levels, defaultLevel: 1, split: 'none', fraction: 0.5,
  windows: 7, windowBy: 'time', staticMap: null, seed: 1,
};
const tr = trace();
const buffers = new EngineBuffers();
const dir = mkdtempSync(join(tmpdir(), 'hsim-msgbench-'));

/** Seconds of one cell; `file` null = without --messages. */
function once(file: string | null): number {
  const t0 = performance.now();
  const sink = file === null ? null : new MessageCsvFile(join(dir, file));
  simulate(tr, cfg, undefined, buffers, sink);
  sink?.commit();
  return (performance.now() - t0) / 1000;
}

try {
  once(null);
  once('warm.csv');
  const plain: number[] = [], withCsv: number[] = [], withGz: number[] = [];
  // Interleaved, so that load from other processes falls on all three alike.
  for (let r = 0; r < 3; r++) {
    plain.push(once(null));
    withCsv.push(once('m.csv'));
    withGz.push(once('m.csv.gz'));
  }
  const med = (xs: number[]): number => [...xs].sort((x, y) => x - y)[1]!;
  const base = med(plain);
  const mib = (f: string): string => (statSync(join(dir, f)).size / 2 ** 20).toFixed(0);
  process.stdout.write(
    `1M-message fifo cell (median of 3, interleaved): without --messages ${base.toFixed(2)} s; ` +
      `--messages .csv ${med(withCsv).toFixed(2)} s (${(med(withCsv) / base).toFixed(2)}×, ${mib('m.csv')} MiB); ` +
      `.csv.gz ${med(withGz).toFixed(2)} s (${(med(withGz) / base).toFixed(2)}×, ${mib('m.csv.gz')} MiB) — target ≤ 2×\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
