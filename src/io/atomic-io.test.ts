// Atomic writes: the target appears whole or not at all, and a full disk or a bad place is bad input naming it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { outputError, writeFileAtomic } from './atomic-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-atomic-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomic', () => {
  it('writes the whole file and leaves no temporary file', () => {
    const target = join(dir, 'sub', 'a.json');
    writeFileAtomic(target, '{"x":1}');
    expect(readFileSync(target, 'utf8')).toBe('{"x":1}');
    expect(readdirSync(join(dir, 'sub'))).toEqual(['a.json']);
  });

  it('names the output when its folder cannot exist (a file stands in the way): exit 2, nothing written', () => {
    writeFileSync(join(dir, 'plain'), 'x');
    const target = join(dir, 'plain', 'r.json');
    expect(() => writeFileAtomic(target, 'data')).toThrow(InputError);
    expect(() => writeFileAtomic(target, 'data')).toThrow(`cannot write ${target}`);
  });

  it('a full disk is an InputError naming the output, and neither the target nor a temporary file remains', (ctx) => {
    // A 64 KiB tmpfs is a disk that fills for real; mounting needs root (CI and these machines run as root).
    const mnt = join(dir, 'small');
    mkdirSync(mnt);
    const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt]);
    if (m.status !== 0) {
      ctx.skip(`cannot mount a small tmpfs here (${String(m.stderr).trim() || 'not root'}); the ENOSPC mapping is still checked below`);
      return;
    }
    try {
      const target = join(mnt, 'big.json');
      let caught: unknown = null;
      try {
        writeFileAtomic(target, 'x'.repeat(1 << 20));
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(InputError);
      expect((caught as Error).message).toBe(`cannot write ${target}: the disk is full (ENOSPC); nothing was written there`);
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(mnt)).toEqual([]);
    } finally {
      spawnSync('umount', [mnt]);
    }
  });
});

describe('outputError', () => {
  it('maps ENOSPC and permission errors to InputError, and leaves other errors as they are', () => {
    const full = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    expect(outputError('out/r.json', full)).toBeInstanceOf(InputError);
    const other = Object.assign(new Error('io'), { code: 'EIO' });
    expect(outputError('out/r.json', other)).toBe(other);
  });
});
