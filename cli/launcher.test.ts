// Tests of the `./hsim` launcher at the repository root: it runs the CLI, from any folder and through a symlink.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot, toolVersion } from '../src/io/provenance-io.ts';

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

describe('src/io/bundle-io.js runBundle: a CommonJS bundle run with a V8 code cache per key', () => {
  const runner = pathToFileURL(join(root, 'src', 'io', 'bundle-io.js')).href;
  /** Runs `file` through runBundle in a fresh process: its stdout and the cache state it reports (HSIM_DEBUG). */
  const run = (file: string): { out: string; cache: string } => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `const { runBundle } = await import(${JSON.stringify(runner)}); runBundle(${JSON.stringify(file)}, 'sim/ulate');`], { env: { ...process.env, HSIM_DEBUG: '1' }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return { out: r.stdout, cache: /code cache .*: (\w+)/.exec(r.stderr)?.[1] ?? 'not reported' };
  };
  // A stand-in bundle: module scope, require and a result that depends on both.
  const bundle = join(dir, 'bundle.cjs');
  writeFileSync(bundle, `const { sep } = require('node:path');\nmodule.exports.x = 1;\nconsole.log(\`\${module.exports.x}|\${sep}|\${__filename === ${JSON.stringify(bundle)}}\`);\n`);
  const cacheFile = `${bundle}.sim_ulate.v8cache`;

  it('writes the cache at exit, then uses it; the output is the same', () => {
    expect(existsSync(cacheFile)).toBe(false);
    expect(run(bundle)).toEqual({ out: '1|/|true\n', cache: 'none' });
    expect(existsSync(cacheFile)).toBe(true);
    expect(run(bundle)).toEqual({ out: '1|/|true\n', cache: 'used' });
  });

  it('a damaged cache is rejected and replaced, never trusted', () => {
    writeFileSync(cacheFile, Buffer.from('not a V8 code cache'));
    expect(run(bundle)).toEqual({ out: '1|/|true\n', cache: 'rejected' });
    expect(run(bundle)).toEqual({ out: '1|/|true\n', cache: 'used' });
  });

  it('a bundle with a dynamic import() is required as it is, without a cache (a vm script cannot import)', () => {
    const dynamic = join(dir, 'dynamic.cjs');
    writeFileSync(dynamic, "import('node:os').then((os) => console.log(typeof os.cpus));\n");
    expect(run(dynamic)).toEqual({ out: 'function\n', cache: 'not reported' });
    expect(existsSync(`${dynamic}.sim_ulate.v8cache`)).toBe(false);
  });

  it('the CLI bundle has no dynamic import(), so hsim runs with its code cache', () => {
    expect(execFileSync(launcher, ['theory', '--help'], { cwd: dir, env: { ...process.env, HSIM_DEBUG: '1' }, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })).toContain('theory');
    const r = spawnSync(launcher, ['theory', '--help'], { cwd: dir, env: { ...process.env, HSIM_DEBUG: '1' }, encoding: 'utf8' });
    expect(r.stderr).toMatch(/code cache .*main\.cjs\.theory\.v8cache: used/);
  });
});
