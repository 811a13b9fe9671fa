// Tests of line streaming over a byte range of a plain file, the offset where a scan stopped, and the gzip sniff.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { scanLines, sniffGzip } from './line-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const TEXT = 'head\r\none\ntwo\nthree\nfour';

async function lines(path: string, range?: { start: number; end: number }, stopAt = ''): Promise<{ seen: string[]; numbers: number[]; stoppedAt: number }> {
  const seen: string[] = [];
  const numbers: number[] = [];
  const r = await scanLines(
    path,
    (buf, start, end, line) => {
      seen.push(Buffer.from(buf.subarray(start, end)).toString());
      numbers.push(line);
      return seen[seen.length - 1] === stopAt;
    },
    { hash: false, ...(range === undefined ? {} : { range }) },
  );
  return { seen, numbers, stoppedAt: r.stoppedAt };
}

describe('scanLines', () => {
  const path = join(dir, 'a.csv');
  writeFileSync(path, TEXT);

  it('reads only the bytes of a range, numbering its lines from 1', async () => {
    // Bytes 6–14 are "one\ntwo\n" (after "head\r\n").
    expect(await lines(path, { start: 6, end: 14 })).toMatchObject({ seen: ['one', 'two'], numbers: [1, 2] });
    expect(await lines(path, { start: 14, end: TEXT.length })).toMatchObject({ seen: ['three', 'four'], numbers: [1, 2] });
  });

  it('says where a stopped scan stopped (just after the stopping line), and -1 when it ran to the end', async () => {
    expect((await lines(path, undefined, 'head')).stoppedAt).toBe(6);
    expect((await lines(path, { start: 6, end: TEXT.length }, 'three')).stoppedAt).toBe(20);
    expect((await lines(path)).stoppedAt).toBe(-1);
  });
});

describe('sniffGzip', () => {
  it('tells gzip content by its magic bytes', () => {
    const gz = join(dir, 'b.csv.gz');
    writeFileSync(gz, gzipSync(TEXT));
    expect(sniffGzip(gz)).toBe(true);
    expect(sniffGzip(join(dir, 'a.csv'))).toBe(false);
  });

  it('refuses a .gz name without gzip content, and a folder', () => {
    const fake = join(dir, 'c.csv.gz');
    writeFileSync(fake, TEXT);
    expect(() => sniffGzip(fake)).toThrow(InputError);
    expect(() => sniffGzip(dir)).toThrow(InputError);
  });
});
