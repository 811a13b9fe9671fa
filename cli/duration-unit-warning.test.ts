// Tests of the warning after `hsim convert`: ms durations declared as s (and s as ms) are named with the flag to fix.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { convertFile } from '../converters/convert-file.ts';
import { resolveConverterSpec } from '../converters/convert-options.ts';
import { convertedUnitWarning } from './duration-unit-warning.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-units-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Converts `lines` (header ts,took,app) with the given units; returns the warning or null. */
async function warningFor(name: string, lines: string[], durationUnit: string): Promise<string | null> {
  const input = join(dir, `${name}.in.csv`);
  writeFileSync(input, ['ts,took,app', ...lines].join('\n') + '\n');
  const spec = resolveConverterSpec('csv', { arrival: 'ts', arrivalUnit: 's', duration: 'took', durationUnit, key: 'app' });
  const out = await convertFile({ input, output: join(dir, `${name}.csv`), spec, strict: false });
  return convertedUnitWarning(out.paths!.trace, out.meta!);
}

// 200 jobs 0.1 s apart taking 150 (ms): as seconds, 1500 jobs would run at once.
const fast = Array.from({ length: 200 }, (_, i) => `${(i / 10).toFixed(1)},150,a${i % 3}`);
// 200 jobs a minute apart taking 0.2 (s): as ms, 0.0000033 jobs at once.
const slow = Array.from({ length: 200 }, (_, i) => `${i * 60},0.2,a${i % 3}`);

describe('convertedUnitWarning', () => {
  it('names ms declared as s, and s declared as ms, with the --duration-unit to write', async () => {
    expect(await warningFor('fast-s', fast, 's')).toMatch(/^hsim: warning: durations look far too long for their arrivals \(median duration 2\.5 min against an arrival span of 19\.9 s; as-is load .* on 64 workers\): are they in ms but declared as s\? If so, convert again with --duration-unit ms /);
    expect(await warningFor('slow-ms', slow, 'ms')).toMatch(/^hsim: warning: durations look far too short .*: are they in s but declared as ms\? If so, convert again with --duration-unit s /);
  });
  it('says nothing when the units are right', async () => {
    expect(await warningFor('fast-ms', fast, 'ms')).toBeNull();
    expect(await warningFor('slow-s', slow, 's')).toBeNull();
  });
});
