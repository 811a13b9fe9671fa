// Tests of the rejects file: JSON lines with line, reason and the excerpt of a malformed line.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rejectExcerpt, RejectsWriter, REJECT_TEXT_BYTES } from './rejects-writer.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-rejects-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rejectExcerpt', () => {
  it('keeps a short line whole and cuts a long one at REJECT_TEXT_BYTES', () => {
    const b = Buffer.from(`xx${'a'.repeat(400)}`);
    expect(rejectExcerpt(b, 0, 5)).toBe('xxaaa');
    expect(rejectExcerpt(b, 2, b.length)).toBe('a'.repeat(REJECT_TEXT_BYTES));
  });

  it('gives an empty text for an empty line', () => {
    expect(rejectExcerpt(Buffer.from('abc'), 1, 1)).toBe('');
  });
});

describe('RejectsWriter.addText', () => {
  it('writes the same line as add for the same reject', () => {
    const w = new RejectsWriter(join(dir, 'r.rejects.jsonl'));
    const b = Buffer.from('x,"y');
    w.add(3, 'bad_quote', b, 0, b.length);
    w.addText(3, 'bad_quote', rejectExcerpt(b, 0, b.length));
    w.addText(9, 'empty_key', null);
    w.close();
    expect(readFileSync(w.tmpPath, 'utf8')).toBe('{"line":3,"reason":"bad_quote","text":"x,\\"y"}\n'.repeat(2) + '{"line":9,"reason":"empty_key"}\n');
  });

  it('leaves no file after abort', () => {
    const w = new RejectsWriter(join(dir, 's.rejects.jsonl'));
    w.addText(1, 'x', null);
    w.abort();
    expect(() => readFileSync(w.tmpPath)).toThrow();
  });
});
