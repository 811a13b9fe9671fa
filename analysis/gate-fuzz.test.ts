// Fuzz (seeded): mutated gate files and locks are either valid or refused with located issues; nothing throws.
import { describe, expect, it } from 'vitest';
import { mutateJson } from '../src/rng/fuzz-mutate.ts';
import { createRng } from '../src/rng/seeded.ts';
import { publishedGate } from './fixtures/result-file-fixture.ts';
import { parseGateFile } from './gate-file.ts';
import { buildGateLock, parseGateLock } from './gate-lock.ts';

// `HSIM_FUZZ_SCALE` multiplies the runs: bench/fuzz-bench.ts runs these same fuzzers longer.
const RUNS = 600 * Number(process.env.HSIM_FUZZ_SCALE ?? '1');

describe('gate fuzz (seeded)', () => {
  it(`${RUNS} mutated gate files and ${RUNS} mutated locks: a typed value or issues naming the file`, () => {
    const rng = createRng(1703).fork('gates');
    const gate = publishedGate();
    const lock = buildGateLock('g.json', '{}', gate, { toolVersion: '0.1.0', gitCommit: 'c'.repeat(40), frozenAt: '2026-12-03T00:00:00.000Z' });
    let refused = 0;
    for (let i = 0; i < RUNS; i++) {
      for (const [file, base, parse] of [['g.json', gate, parseGateFile], ['g.lock.json', lock, parseGateLock]] as const) {
        const input = mutateJson(rng, base);
        const r = (parse as (x: unknown, f: string) => { ok: boolean; issues?: readonly string[] })(input, file);
        if (r.ok) continue;
        refused++;
        expect(r.issues!.length).toBeGreaterThan(0);
        for (const issue of r.issues!) expect(issue.startsWith(file), issue).toBe(true);
      }
    }
    expect(refused).toBeGreaterThan(RUNS / 4);
  });
});
