// One hsim run or sweep per output folder: the lock is exclusive, names its holder, and a dead holder's lock is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { lockOutFolder, OUT_LOCK } from './out-lock-io.ts';

/** The id of a process that ran and is gone (a child that exited). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

describe('lockOutFolder', () => {
  it('creates the folder and a lock naming this process; a second lock is refused naming the holder; release frees it', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hsim-lock-')), 'out');
    const warnings: string[] = [];
    const release = lockOutFolder(out, (l) => warnings.push(l));
    expect(JSON.parse(readFileSync(join(out, OUT_LOCK), 'utf8'))).toEqual({ pid: process.pid, host: hostname(), command: 'run' });
    expect(() => lockOutFolder(out, (l) => warnings.push(l))).toThrow(InputError);
    expect(() => lockOutFolder(out, () => undefined)).toThrow(`output folder ${out} is in use by hsim run process ${process.pid} on ${hostname()}`);
    release();
    expect(existsSync(join(out, OUT_LOCK))).toBe(false);
    lockOutFolder(out, () => undefined)();
    expect(warnings).toEqual([]);
  });

  it('takes over a lock left by a dead process of this host, with a warning; refuses one of another host', () => {
    const out = mkdtempSync(join(tmpdir(), 'hsim-lock-'));
    const pid = deadPid();
    writeFileSync(join(out, OUT_LOCK), JSON.stringify({ pid, host: hostname() }));
    const warnings: string[] = [];
    const release = lockOutFolder(out, (l) => warnings.push(l));
    expect(warnings).toEqual([`warning: taking over ${join(out, OUT_LOCK)}, left by hsim run process ${pid} on ${hostname()}, which is no longer running`]);
    release();
    writeFileSync(join(out, OUT_LOCK), JSON.stringify({ pid, host: 'other-host.example' }));
    expect(() => lockOutFolder(out, () => undefined)).toThrow(`in use by hsim run process ${pid} on other-host.example`);
    // A sweep's lock names the sweep.
    writeFileSync(join(out, OUT_LOCK), JSON.stringify({ pid: process.pid, host: hostname(), command: 'sweep' }));
    expect(() => lockOutFolder(out, () => undefined)).toThrow(`in use by hsim sweep process ${process.pid} on ${hostname()}`);
    writeFileSync(join(out, OUT_LOCK), 'garbage');
    expect(() => lockOutFolder(out, () => undefined)).toThrow('a lock file that cannot be read');
  });
});
