// Benchmark: observe + predict pairs per second on a 400-key Zipf stream, optimised vs reference predictor.
// Usage: node bin/run-ts.js bench/predictor-bench.ts [events = 2000000] [reference events = events]
import { createRng, lognormal } from '../src/rng/seeded.ts';
import { Predictor } from '../src/predictor/predictor.ts';
import { ReferencePredictor } from '../src/predictor/reference-predictor.ts';
import { DEFAULT_PREDICTOR_PARAMS } from '../src/predictor/params.ts';

const KEYS = 400;
const EVENTS = Number(process.argv[2] ?? 2_000_000);
const REF_EVENTS = Number(process.argv[3] ?? EVENTS);

/** A seeded Zipf(s = 1) stream: key ids, durations (ms, lognormal per key), arrival times (ms). */
function makeStream(n: number): { keyId: Int32Array; duration: Float64Array; time: Float64Array; keys: string[] } {
  const rng = createRng('predictor-bench');
  const keys = Array.from({ length: KEYS }, (_, i) => `app-${i.toString(36)}/func-${(i * 7919) % 1000}`);
  const cdf = new Float64Array(KEYS);
  let acc = 0;
  for (let i = 0; i < KEYS; i++) cdf[i] = acc += 1 / (i + 1);
  for (let i = 0; i < KEYS; i++) cdf[i] = cdf[i]! / acc;
  const medians = keys.map((_, i) => Math.pow(10, (i % 5) - 0.5));
  const keyId = new Int32Array(n);
  const duration = new Float64Array(n);
  const time = new Float64Array(n);
  let t = 0;
  for (let j = 0; j < n; j++) {
    const u = rng.next();
    let lo = 0;
    let hi = KEYS - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    keyId[j] = lo;
    duration[j] = lognormal(rng, medians[lo]!, 0.5);
    t += rng.next() * 2;
    time[j] = t;
  }
  return { keyId, duration, time, keys };
}

interface Subject {
  setClock(ms: number): void;
  observe(key: string, d: number): number;
  predict(key: string): number;
}

function run(p: Subject, s: ReturnType<typeof makeStream>, n: number): { seconds: number; checksum: number } {
  let checksum = 0;
  const start = performance.now();
  for (let j = 0; j < n; j++) {
    const key = s.keys[s.keyId[j]!]!;
    p.setClock(s.time[j]!);
    p.observe(key, s.duration[j]!);
    checksum += p.predict(key);
  }
  return { seconds: (performance.now() - start) / 1000, checksum };
}

const stream = makeStream(Math.max(EVENTS, REF_EVENTS));
run(new Predictor(DEFAULT_PREDICTOR_PARAMS), stream, Math.min(EVENTS, 200_000)); // warm-up (JIT)
const opt = run(new Predictor(DEFAULT_PREDICTOR_PARAMS), stream, EVENTS);
const ref = run(new ReferencePredictor(DEFAULT_PREDICTOR_PARAMS), stream, REF_EVENTS);
const line = (name: string, n: number, r: { seconds: number; checksum: number }): string =>
  `${name.padEnd(10)} ${n} pairs in ${r.seconds.toFixed(3)} s: ${((r.seconds / n) * 1e9).toFixed(0)} ns per observe+predict pair, ${(n / r.seconds / 1e6).toFixed(2)} M pairs/s (level sum ${r.checksum})`;
process.stdout.write(`predictor bench: ${KEYS} keys, Zipf(1) stream, default parameters, node ${process.version}\n`);
process.stdout.write(`${line('optimised', EVENTS, opt)}\n${line('reference', REF_EVENTS, ref)}\n`);
process.stdout.write(`speed-up ${((ref.seconds / REF_EVENTS) / (opt.seconds / EVENTS)).toFixed(1)}x\n`);
