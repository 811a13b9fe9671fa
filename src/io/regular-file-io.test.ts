// Reading only regular files: a named pipe, a folder or a device is refused at once instead of blocking.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NotRegularFileError, readRegularFileSync } from './regular-file-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-regular-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readRegularFileSync', () => {
  it('reads a regular file, also through a symlink', () => {
    writeFileSync(join(dir, 'a.json'), '{"a":1}');
    symlinkSync(join(dir, 'a.json'), join(dir, 'link.json'));
    expect(readRegularFileSync(join(dir, 'a.json')).toString()).toBe('{"a":1}');
    expect(readRegularFileSync(join(dir, 'link.json')).toString()).toBe('{"a":1}');
  });

  it('refuses a named pipe with no writer at once (reading it would block forever), and a folder and a device', () => {
    const fifo = join(dir, 'pipe.json');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(() => readRegularFileSync(fifo)).toThrow(NotRegularFileError);
    expect(() => readRegularFileSync(fifo)).toThrow(`${fifo} is a named pipe (FIFO), not a regular file`);
    symlinkSync(fifo, join(dir, 'to-pipe.json'));
    expect(() => readRegularFileSync(join(dir, 'to-pipe.json'))).toThrow(/named pipe/);
    mkdirSync(join(dir, 'folder.json'));
    expect(() => readRegularFileSync(join(dir, 'folder.json'))).toThrow(/is a folder/);
    expect(() => readRegularFileSync('/dev/zero')).toThrow(/is a device/);
  });

  it('passes on the file system error for a missing file', () => {
    expect(() => readRegularFileSync(join(dir, 'missing.json'))).toThrow(/ENOENT/);
  });
});
