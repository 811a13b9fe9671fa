// Atomic writes: the target appears whole or not at all, and a full disk or a bad place is bad input naming it.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { InputError } from '../errors.ts';
import { openTempFor, outputError, tempPathFor, writeFileAtomic, writeFileAtomicStreamed } from './atomic-io.ts';

// randomBytes as in node:crypto, unless a test fixes the next values (to plant a symlink at a name it knows).
const fixedRandom: Buffer[] = [];
vi.mock('node:crypto', async (original) => {
  const real = await original<typeof import('node:crypto')>();
  return { ...real, randomBytes: (n: number) => fixedRandom.shift() ?? real.randomBytes(n) };
});
afterEach(() => {
  fixedRandom.length = 0;
});

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

describe('temporary files are a trust boundary (another user of the folder may plant symlinks)', () => {
  /** A folder with a file outside it that a planted symlink points at. */
  function plantedSetup(name: string): { folder: string; victim: string } {
    const root = join(dir, name);
    mkdirSync(join(root, 'out'), { recursive: true });
    const victim = join(root, 'victim.txt');
    writeFileSync(victim, 'precious');
    return { folder: join(root, 'out'), victim };
  }

  it('temporary names are random beside the target, carry the pid, and differ every time', () => {
    const names = new Set(Array.from({ length: 50 }, () => tempPathFor('/x/r.json')));
    expect(names.size).toBe(50);
    for (const n of names) expect(n).toMatch(new RegExp(`^/x/\\.r\\.json\\.${process.pid}\\.[0-9a-f]{16}\\.tmp$`));
  });

  it('symlinks planted at the old predictable names (.r.json.PID.N.tmp) are never written through', () => {
    const { folder, victim } = plantedSetup('predictable');
    const planted = Array.from({ length: 20 }, (_, i) => join(folder, `.r.json.${process.pid}.${i + 1}.tmp`));
    for (const p of planted) symlinkSync(victim, p);
    const target = join(folder, 'r.json');
    writeFileAtomic(target, '{"x":1}\n');
    writeFileAtomicStreamed(target, (write) => {
      write('{"x":');
      write('2}\n');
    });
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readFileSync(target, 'utf8')).toBe('{"x":2}\n');
    expect(lstatSync(target).isFile()).toBe(true);
    for (const p of planted) expect(readlinkSync(p)).toBe(victim);
  });

  it('a symlink planted at the very name drawn (a guessed name) is refused by the exclusive open, and another name is drawn', () => {
    const { folder, victim } = plantedSetup('guessed');
    const target = join(folder, 'r.json');
    const guess = Buffer.from('0011223344556677', 'hex');
    const guessedPath = join(folder, `.r.json.${process.pid}.0011223344556677.tmp`);
    symlinkSync(victim, guessedPath);
    fixedRandom.push(guess);
    writeFileAtomic(target, 'result');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(readFileSync(target, 'utf8')).toBe('result');
    expect(readlinkSync(guessedPath)).toBe(victim);

    // openTempFor itself: the same guess twice, then a fresh name; the file opened is new and empty.
    fixedRandom.push(guess, guess);
    const opened = openTempFor(target);
    closeSync(opened.fd);
    expect(opened.path).not.toBe(guessedPath);
    expect(lstatSync(opened.path).isFile()).toBe(true);
    expect(readFileSync(opened.path, 'utf8')).toBe('');
    rmSync(opened.path);
  });

  it('when every name drawn is taken, the write fails with nothing written through the links', () => {
    const { folder, victim } = plantedSetup('exhausted');
    const target = join(folder, 'r.json');
    const guess = Buffer.from('8899aabbccddeeff', 'hex');
    symlinkSync(victim, join(folder, `.r.json.${process.pid}.8899aabbccddeeff.tmp`));
    fixedRandom.push(...Array.from({ length: 8 }, () => guess));
    expect(() => writeFileAtomic(target, 'result')).toThrow(InputError);
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(existsSync(target)).toBe(false);
  });

  it('a symlink planted at the target itself is replaced by the file, never written through', () => {
    const { folder, victim } = plantedSetup('target-link');
    const target = join(folder, 'r.json');
    symlinkSync(victim, target);
    writeFileAtomic(target, 'result');
    expect(readFileSync(victim, 'utf8')).toBe('precious');
    expect(lstatSync(target).isFile()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('result');
  });

  it('a streamed write that fails midway leaves neither the target nor a temporary file', () => {
    const { folder } = plantedSetup('midway');
    const target = join(folder, 'r.json');
    expect(() => writeFileAtomicStreamed(target, (write) => {
      write('x'.repeat(3 << 20));
      throw new Error('producer failed');
    })).toThrow('producer failed');
    expect(readdirSync(folder)).toEqual([]);
  });
});
