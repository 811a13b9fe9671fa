// Tests of a conversion thread's range: read whole or streamed, the same rows, rejects, counts and bytes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RowEncoder } from '../traces/row-encoder.ts';
import { convertRange, threadParser, type ThreadSetup } from './convert-thread.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-convert-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Header, then rows with a CRLF, a quoted key (text path), a blank line, rejects and a last line without newline.
const HEADER = 'a,d,k';
const TEXT = `${HEADER}\n1,10,x\r\n2,2.50,"q,r"\n\n3,-1,y\nbad,1,x\n4,1,\n5,0.25,x`;

function setup(input: string, wholeRangeBytes?: number): ThreadSetup {
  return {
    kind: 'convert-range',
    input,
    table: { exactHeader: null, arrival: { column: 'a' }, arrivalUnit: 'ms', duration: 'd', durationUnit: 'ms', keyColumns: ['k'], keyJoin: '/', classColumn: null, sizeColumn: null },
    header: new TextEncoder().encode(HEADER),
    headerLine: 1,
    gzipLevel: null,
    strict: false,
    ...(wholeRangeBytes === undefined ? {} : { wholeRangeBytes }),
  };
}

async function run(s: ThreadSetup, start: number, end: number) {
  const parser = threadParser(s);
  const done = await convertRange(s, parser, new RowEncoder(parser.columns, true), { index: 0, start, end });
  return { ...done, text: Buffer.from(done.batch.bytes).toString() };
}

describe('convertRange', () => {
  const input = join(dir, 'in.csv');
  writeFileSync(input, TEXT);
  const from = HEADER.length + 1;

  it('converts a range read whole as the streamed range (hand-checked rows and rejects)', async () => {
    const whole = await run(setup(input), from, TEXT.length);
    const streamed = await run(setup(input, 0), from, TEXT.length);
    expect(whole.text).toBe('1,10,x\n2,2.5,"q,r"\n5,0.25,x\n');
    expect(whole.lines).toBe(7);
    expect(whole.rejectLines).toEqual([4, 5, 6]);
    expect(whole.rejectReasons).toEqual(['negative_duration', 'not_numeric', 'empty_key']);
    expect(whole.rows).toEqual({ read: 6, kept: 3, rejected: 3, rejected_by_reason: { negative_duration: 1, not_numeric: 1, empty_key: 1 } });
    expect({ ...streamed, batch: null }).toEqual({ ...whole, batch: null });
  });

  it('fails when the file is shorter than the range (the coordinator then converts on one thread)', async () => {
    await expect(run(setup(input), from, TEXT.length + 10)).rejects.toThrow(/ended before byte/);
  });
});
