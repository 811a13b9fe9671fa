// Checking a file against its JSON Schema: compiling the validator with ajv (the baseline, what every command did
// before validators were saved) against loading the saved one, each in a fresh process, median of 5.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadValidator, type SchemaName } from '../src/json/json-schema-io.ts';

const NAMES: readonly SchemaName[] = ['gate', 'experiment', 'sweep', 'result'];
const RUNS = 5;

/** In a child: ms to get the validators of every schema, from `cache` ('none': compile only). */
function child(cache: string): void {
  const t0 = performance.now();
  for (const name of NAMES) loadValidator(name, cache === 'none' ? null : cache);
  process.stdout.write(String(performance.now() - t0));
}

function measure(cache: string): number {
  const r = spawnSync(process.execPath, ['bin/run-ts.js', 'bench/schema-bench.ts', '--child', cache], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`schema-bench child failed: ${r.stderr}`);
  return Number(r.stdout);
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--child');
  if (at >= 0) return child(process.argv[at + 1]!);
  const cache = mkdtempSync(join(tmpdir(), 'hsim-schema-bench-'));
  try {
    measure(cache); // compiles and saves
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const compiled: number[] = [];
    const saved: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      compiled.push(measure('none'));
      saved.push(measure(cache));
    }
    const c = median(compiled);
    const s = median(saved);
    process.stdout.write(`validators of ${NAMES.join(', ')}, median of ${RUNS} fresh processes (interleaved):\n`);
    process.stdout.write(`  compiled with ajv (baseline)  ${c.toFixed(1)} ms\n`);
    process.stdout.write(`  loaded from the saved modules ${s.toFixed(1)} ms  (${(s / c).toFixed(2)}× the baseline)\n`);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

void main();
