// The worker-thread file hash equals an inline SHA-256 of the same bytes.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hashFileOnThread } from './hash-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-hash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('hashFileOnThread', () => {
  it('gives the SHA-256 of the file, across several read blocks', async () => {
    const bytes = Buffer.alloc((9 << 20) + 17);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
    const p = join(dir, 'x.bin');
    writeFileSync(p, bytes);
    expect(await hashFileOnThread(p)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
  it('rejects for a missing file', async () => {
    await expect(hashFileOnThread(join(dir, 'none'))).rejects.toThrow(/ENOENT/);
  });
});
