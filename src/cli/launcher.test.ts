// Tests of the `./hsim` launcher at the repository root: it runs the CLI, from any folder and through a symlink.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot, toolVersion } from '../io/provenance-io.ts';

const root = repositoryRoot();
const launcher = join(root, 'hsim');
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
const dir = mkdtempSync(join(tmpdir(), 'hsim-launcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('./hsim', () => {
  it('prints the version of package.json, run from another folder and through a symlink on PATH', () => {
    expect(execFileSync(launcher, ['--version'], { cwd: dir }).toString().trim()).toBe(version);
    symlinkSync(launcher, join(dir, 'hsim'));
    const env = { ...process.env, PATH: `${dir}:${process.env.PATH ?? ''}` };
    expect(execFileSync('hsim', ['--version'], { cwd: tmpdir(), env }).toString().trim()).toBe(version);
  });

  it('answers --version before loading the CLI with the very line the CLI itself prints', () => {
    // main.ts registers `.version(toolVersion(), '-V, --version')`, and commander prints that string and a newline.
    expect(execFileSync(launcher, ['-V'], { cwd: dir }).toString()).toBe(`${toolVersion()}\n`);
    expect(execFileSync(launcher, ['--version'], { cwd: dir }).toString()).toBe(`${version}\n`);
  });

  it('passes the arguments and the exit code through (an unknown command is exit 2)', () => {
    let status: number | null = null;
    try {
      execFileSync(launcher, ['no-such-command'], { cwd: dir, stdio: 'pipe' });
    } catch (err) {
      status = (err as { status: number | null }).status;
    }
    expect(status).toBe(2);
  });
});
