// The fuzz suite run longer: the same seeded fuzz tests with HSIM_FUZZ_SCALE times their runs (default 20), timed.
import { spawnSync } from 'node:child_process';

const scale = Number(process.argv[2] ?? '20');
const files = [
  'converters/convert-fuzz.test.ts', 'traces/trace-read-fuzz.test.ts', 'src/config/config-fuzz.test.ts', 'analysis/gate-fuzz.test.ts',
  'sim/sim-options.test.ts', 'src/predictor/snapshot-fuzz.test.ts', 'broker/harbinger-queue.fuzz.test.ts',
];
/** Runs the fuzz files once with the given scale; wall seconds and whether every test passed. */
function run(s: number): { seconds: number; ok: boolean } {
  const t0 = performance.now();
  const r = spawnSync('npx', ['vitest', 'run', '--reporter=dot', ...files], { stdio: s === 1 ? 'ignore' : 'inherit', env: { ...process.env, HSIM_FUZZ_SCALE: String(s) } });
  return { seconds: (performance.now() - t0) / 1000, ok: r.status === 0 };
}
// Baseline in the same run: the suite at its test-suite size, so the ratio shows what the longer run costs per input.
const base = run(1);
const long = run(scale);
process.stdout.write(
  `fuzz suite ×${scale}: ${long.seconds.toFixed(1)} s, ${long.ok ? 'all passed' : 'FAILURES (see above)'}; ` +
    `test-suite size ×1: ${base.seconds.toFixed(1)} s (${base.ok ? 'passed' : 'failed'}); ratio ${(long.seconds / base.seconds).toFixed(1)}\n`,
);
if (!long.ok || !base.ok) process.exitCode = 1;
