// Tests of predictor snapshot files: atomic write with `.prev`, read back, refusal naming the file.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { Predictor } from '../predictor/predictor.ts';
import { encodePredictorSnapshot } from '../predictor/snapshot.ts';
import { previousSnapshotPath, readPredictorSnapshot, writePredictorSnapshot } from './predictor-snapshot-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-snap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function filled(n: number): Predictor {
  const p = new Predictor();
  for (let i = 0; i < n; i++) {
    p.setClock(i * 10);
    p.observe(`k${i % 5}`, 1 + (i % 50));
  }
  return p;
}

describe('predictor snapshot files', () => {
  it('writes atomically, keeps the previous file as .prev, and reads back', () => {
    const file = join(dir, 'warm.snap');
    const a = filled(150);
    writePredictorSnapshot(file, a);
    expect(readdirSync(dir).sort()).toEqual(['warm.snap']);
    const b = filled(400);
    writePredictorSnapshot(file, b);
    expect(readdirSync(dir).sort()).toEqual(['warm.snap', 'warm.snap.prev']);
    expect(new Uint8Array(readFileSync(previousSnapshotPath(file)))).toEqual(encodePredictorSnapshot(a));
    const back = readPredictorSnapshot(file);
    expect(back.observationCount()).toBe(400);
    expect(readPredictorSnapshot(previousSnapshotPath(file)).observationCount()).toBe(150);
  });

  it('refuses a missing file and a damaged file, naming the file', () => {
    const missing = join(dir, 'nope.snap');
    expect(() => readPredictorSnapshot(missing)).toThrow(new InputError(`${missing}: found no such file; expected a predictor snapshot file`));
    const file = join(dir, 'cut.snap');
    writeFileSync(file, encodePredictorSnapshot(filled(120)).slice(0, 200));
    expect(() => readPredictorSnapshot(file)).toThrow(InputError);
    expect(() => readPredictorSnapshot(file)).toThrow(`${file}: found a truncated snapshot`);
  });
});
