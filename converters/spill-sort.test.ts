// The spill sorter: runs spilled to disk and merged give exactly the in-memory stable order, and leave nothing behind.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { createRng } from '../src/rng/seeded.ts';
import { convertFile, outputPaths } from './convert-file.ts';
import { resolveConverterSpec } from './convert-options.ts';
import { SpillSorter, spillDirFor, type SortedRowSink } from './spill-sort.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-spill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A sink that records rows as text (no flushing). */
function recorder(): SortedRowSink & { rows: string[] } {
  const rows: string[] = [];
  return { rows, wantsFlush: false, flush: async () => undefined, write: (a, d, k, c, z) => void rows.push(`${a},${d},${k},${c},${z}`) };
}

describe('SpillSorter', () => {
  it('orders by arrival, ties in input order, across runs of 2 (hand-computed)', async () => {
    const s = new SpillSorter(join(dir, 'a', 't.csv'), true, true, 2);
    // Input order: rows 0–5; arrivals 5, 1, 5, 1, 3, 1. Stable order: 1(#1), 1(#3), 1(#5), 3(#4), 5(#0), 5(#2).
    [5, 1, 5, 1, 3, 1].forEach((a, i) => s.write(a, i, `k${i % 2}`, `c${i}`, i === 2 ? Number.NaN : 100 + i));
    expect(s.runs).toBe(2);
    expect(existsSync(s.spillDir!)).toBe(true);
    const out = recorder();
    await s.drain(out);
    expect(out.rows).toEqual(['1,1,k1,c1,101', '1,3,k1,c3,103', '1,5,k1,c5,105', '3,4,k0,c4,104', '5,0,k0,c0,100', '5,2,k0,c2,NaN']);
    expect(readdirSync(join(dir, 'a'))).toEqual([]);
  });
  it('a spill folder that cannot be made is an InputError naming the output', () => {
    writeFileSync(join(dir, 'file'), 'x');
    const s = new SpillSorter(join(dir, 'file', 't.csv'), false, false, 1);
    s.write(1, 1, 'k', '', Number.NaN);
    expect(() => s.write(2, 1, 'k', '', Number.NaN)).toThrow(InputError);
    expect(() => s.write(2, 1, 'k', '', Number.NaN)).toThrow(/file\/t\.csv/);
  });

  it('never spills through a symlink planted at the old predictable folder name (.t.csv.PID.sort.tmp)', async () => {
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    mkdirSync(join(dir, 'planted'));
    symlinkSync(outside, join(dir, 'planted', `.t.csv.${process.pid}.sort.tmp`));
    const s = new SpillSorter(join(dir, 'planted', 't.csv'), false, false, 1);
    for (const a of [3, 1, 2]) s.write(a, 1, 'k', '', Number.NaN);
    expect(s.spillDir).toMatch(new RegExp(`\\.t\\.csv\\.${process.pid}\\.sort-[0-9a-f]{16}\\.tmp$`));
    expect(readdirSync(outside)).toEqual([]);
    const out = recorder();
    await s.drain(out);
    expect(out.rows.map((r) => r.split(',')[0])).toEqual(['1', '2', '3']);
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe('convert with spilled runs (tiny runs force the spill path)', () => {
  const rng = createRng(1707).fork('unsorted');
  // Unsorted rows with many equal arrivals (the tie rule shows), a class and an optional size.
  let text = 'a,d,k,c,z\n';
  for (let i = 0; i < 1200; i++) text += `${Math.floor(rng.next() * 200) / 4},${i},k${Math.floor(rng.next() * 30)},c${i % 7},${rng.next() < 0.1 ? '' : i}\n`;
  text += '9,x,k1,c,1\n';
  const input = join(dir, 'unsorted.csv');
  writeFileSync(input, text);
  const spec = resolveConverterSpec('csv', { arrival: 'a', duration: 'd', key: 'k', class: 'c', size: 'z' });
  const files = (out: string) => Object.values(outputPaths(out)).map((p) => readFileSync(p, 'latin1'));

  for (const gz of [false, true]) {
    it(`runs of 1, 7 and 1000 rows give the bytes of the in-memory sort (trace, meta, rejects${gz ? ', .csv.gz' : ''})`, async () => {
      const name = gz ? 't.csv.gz' : 't.csv';
      const ref = await convertFile({ input, output: join(dir, 'mem', name), spec, strict: false });
      const sub = (runRows: number) => join(dir, `run${runRows}${gz ? 'gz' : ''}`);
      expect(ref.passes).toBe(2);
      for (const runRows of [1, 7, 1000]) {
        const out = join(sub(runRows), name);
        const r = await convertFile({ input, output: out, spec, strict: false, sortRunRows: runRows });
        expect(r.rows).toEqual(ref.rows);
        expect(files(out)).toEqual(files(join(dir, 'mem', name)));
        // Nothing but the trio is left: the spill folder is gone.
        expect(readdirSync(sub(runRows)).sort()).toEqual([name, 't.meta.json', 't.rejects.jsonl'].sort());
      }
    });
  }
  it('a failure after runs were spilled (--strict reject on the last line) leaves nothing behind', async () => {
    const out = join(dir, 'strict', 't.csv');
    const err = await convertFile({ input, output: out, spec, strict: true, sortRunRows: 5 }).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(/unsorted\.csv:1202: row rejected \(not_numeric\)/);
    expect(readdirSync(join(dir, 'strict'))).toEqual([]);
  });
  it('the stale temporaries of a killed conversion (dead process id) are removed by the next run; a live one is kept', async () => {
    const out = join(dir, 'stale', 't.csv');
    mkdirSync(join(dir, 'stale'));
    // 99999999 is above any Linux pid_max (2^22): no such process.
    const dead = [join(dir, 'stale', '.t.csv.99999999.3.tmp'), join(dir, 'stale', '.t.meta.json.99999999.4.tmp')];
    for (const p of dead) writeFileSync(p, 'half');
    const deadSpill = spillDirFor(out, 99999999);
    mkdirSync(deadSpill);
    writeFileSync(join(deadSpill, 'run-0.bin'), 'x');
    const live = join(dir, 'stale', `.t.csv.${process.ppid}.1.tmp`);
    writeFileSync(live, 'busy');
    await convertFile({ input, output: out, spec, strict: false, sortRunRows: 100 });
    expect(readdirSync(join(dir, 'stale')).sort()).toEqual([`.t.csv.${process.ppid}.1.tmp`, 't.csv', 't.meta.json', 't.rejects.jsonl']);
  });
});
