// Tests of streaming generated rows to disk: same bytes as the in-memory trace written whole, bounded pauses, room check.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.ts';
import { createRng } from '../../src/rng/seeded.ts';
import { ROW_CHUNK, type RowSink } from '../row-sink.ts';
import { writeTrace } from '../trace-io.ts';
import { generatedTraceMeta } from './generator-meta.ts';
import { writeGenerated } from './generator-io.ts';
import { generatePriority, PRIORITY_DEFAULTS, priorityRows } from './priority.ts';
import { SERVERLESS_DEFAULTS, serverlessRows } from './serverless.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-generator-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const opts = { ...PRIORITY_DEFAULTS, n: 3000 };

describe('writeGenerated', () => {
  it('writes the bytes and meta that writeTrace gives for the same trace held in memory', async () => {
    const meta = (rows: number) => generatedTraceMeta('priority', { n: rows }, { n: 3000 }, 'test');
    const streamed = await writeGenerated({ target: join(dir, 's.csv.gz'), columns: { size: false, class: true }, meta }, (sink) => priorityRows(opts, createRng(8), sink));
    const whole = await writeTrace(join(dir, 'w.csv.gz'), generatePriority(opts, createRng(8)), meta(3000));
    expect(readFileSync(join(dir, 's.csv.gz')).equals(readFileSync(join(dir, 'w.csv.gz')))).toBe(true);
    expect(streamed).toEqual(whole);
    expect(streamed.rows.kept).toBe(3000);
  });

  it('refuses a row count that cannot fit on the disk, naming the option, and writes nothing', async () => {
    const err = await writeGenerated(
      { target: join(dir, 'huge.csv'), columns: { size: false, class: false }, meta: () => generatedTraceMeta('serverless', { n: 0 }, {}, 'test'), expect: { rows: 1e15, flag: '--n' } },
      (sink) => serverlessRows({ ...SERVERLESS_DEFAULTS, n: 10 }, createRng(1), sink),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    // 1e15 rows × 14 bytes = 14 million GB: more than any test machine's free space.
    expect((err as Error).message).toMatch(/^option --n: 1000000000000000 rows need at least 14000000\.0 GB for .*huge\.csv/);
    expect(existsSync(join(dir, 'huge.csv'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.includes('huge'))).toEqual([]);
  });
});

describe('writeGenerated order check', () => {
  it('refuses a producer that goes back in time (a generator bug) and leaves nothing', async () => {
    const target = join(dir, 'back.csv');
    const back = function* (sink: RowSink): Generator<undefined, number, undefined> {
      sink.write(5, 1, 'k', '', Number.NaN);
      yield;
      sink.write(4, 1, 'k', '', Number.NaN);
      return 2;
    };
    await expect(writeGenerated({ target, columns: { size: false, class: false }, meta: (n) => generatedTraceMeta('x', { n }, {}, 'test') }, back)).rejects.toThrow(/out of arrival order/);
    expect(readdirSync(dir).filter((f) => f.includes('back'))).toEqual([]);
  });
});

describe('row producers', () => {
  it('pause every ROW_CHUNK rows and return the row count, checking options before any row', () => {
    let rows = 0;
    const sink: RowSink = { write: () => void rows++ };
    const run = serverlessRows({ ...SERVERLESS_DEFAULTS, n: 2 * ROW_CHUNK + 5 }, createRng(3), sink);
    let pauses = 0;
    let r = run.next();
    for (; r.done !== true; r = run.next()) {
      pauses++;
      expect(rows).toBe(pauses * ROW_CHUNK);
    }
    expect([pauses, r.value, rows]).toEqual([2, 2 * ROW_CHUNK + 5, 2 * ROW_CHUNK + 5]);
    expect(() => serverlessRows({ ...SERVERLESS_DEFAULTS, n: 0 }, createRng(3), sink)).toThrow(/option --n: 0/);
  });
});
