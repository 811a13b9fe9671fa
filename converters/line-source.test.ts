// Tests of line streaming over a byte range of a plain file, the offset where a scan stopped, and the gzip sniff.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { emitLines, MAX_LINE_BYTES, OVERLONG_HEAD_BYTES, scanLines, sniffGzip } from './line-source.ts';

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

describe('emitLines', () => {
  function emitted(text: string | Buffer, stopAt: string | null = null): { seen: string[]; overlong: boolean[]; lines: number; stoppedAt: number } {
    const buf = typeof text === 'string' ? Buffer.from(text) : text;
    const seen: string[] = [];
    const overlong: boolean[] = [];
    const r = emitLines(buf, 0, buf.length, 5, (b, start, end, line, long) => {
      seen.push(`${line}:${Buffer.from(b.subarray(start, end)).toString()}`);
      overlong.push(long);
      return Buffer.from(b.subarray(start, end)).toString() === stopAt;
    });
    return { seen, overlong, ...r };
  }

  it('hands over the lines as scanLines does: CR removed, blank lines kept, a last line without newline, numbered from `first`', () => {
    expect(emitted('a,1\r\n\n\r\nb,2\nc')).toMatchObject({ seen: ['5:a,1', '6:', '7:', '8:b,2', '9:c'], lines: 5, stoppedAt: -1 });
    // A trailing newline ends the last line; a lone CR after it is a last (empty) line.
    expect(emitted('x\n').seen).toEqual(['5:x']);
    expect(emitted('x\n\r').seen).toEqual(['5:x', '6:']);
    expect(emitted('').lines).toBe(0);
  });

  it('stops where the handler says, just past that line', () => {
    expect(emitted('one\ntwo\nthree\n', 'two')).toMatchObject({ seen: ['5:one', '6:two'], lines: 2, stoppedAt: 8 });
    expect(emitted('one\ntwo', 'two')).toMatchObject({ lines: 2, stoppedAt: 7 });
  });

  it('gives an overlong line as its first bytes only, also without newline, and goes on after it', () => {
    const long = 'L'.repeat(MAX_LINE_BYTES + 1);
    const r = emitted(Buffer.from(`a\n${long}\nb\n${long}`));
    expect(r.seen.map((s) => s.length)).toEqual([3, 2 + OVERLONG_HEAD_BYTES, 3, 2 + OVERLONG_HEAD_BYTES]);
    expect(r.overlong).toEqual([false, true, false, true]);
    // Exactly MAX_LINE_BYTES is not overlong.
    expect(emitted(`${'L'.repeat(MAX_LINE_BYTES)}\nz`).overlong).toEqual([false, false]);
  });
});
