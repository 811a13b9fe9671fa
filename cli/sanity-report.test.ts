// End-to-end tests of the sanity warnings: on stderr once each from simulate and run, the result untouched.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const hsim = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-sanity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [hsim, ...args], { cwd: dir, env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const count = (text: string, part: string): number => text.split(part).length - 1;

describe('sanity warnings on stderr', () => {
  it('simulate warns once per cause and writes the same result as the same cell run alone', () => {
    expect(run('generate', 'mmc', '-o', 'mm.csv', '--n', '400', '--seed', '3').code).toBe(0);
    const a = run('simulate', 'mm.csv', '--arm', 'fifo', '--arm', 'oracle', '--load', '0.5,1.5,80', '--workers', '1', '--windows', '50', '-o', 'a.json', '--quiet');
    expect(a.code, a.stderr).toBe(0);
    expect(count(a.stderr, 'hsim: warning: load 1.5 ≥ 1 requests overload')).toBe(1);
    expect(count(a.stderr, 'hsim: warning: load 80 is more than 10 times')).toBe(1);
    expect(count(a.stderr, 'fewer than 10 per window, so per-window metrics and gates are mostly noise (look at --windows)')).toBe(1);
    expect(a.stdout).not.toContain('warning');
    const b = run('simulate', 'mm.csv', '--arm', 'oracle', '--load', '0.5', '--workers', '1', '--windows', '50', '--json');
    const oracle = (file: string | null, text?: string): unknown => (JSON.parse(text ?? readFileSync(join(dir, file!), 'utf8')) as { results: Record<string, { arms: Record<string, { all: unknown }> }> }).results['0.5']!.arms.oracle!.all;
    expect(oracle(null, b.stdout)).toEqual(oracle('a.json'));
  });
  it('run warns before its cells run, and not at all about a sound experiment', () => {
    const sha = (JSON.parse(run('traces', 'info', 'mm.csv', '--json').stdout) as { sha256: string }).sha256;
    const exp = (loads: number[]): string => JSON.stringify({
      id: 'sanity', traces: [{ path: 'mm.csv', sha256: sha }], loads, arms: ['fifo'], split: 'time', windows: 2, window_by: 'time', workers: 1, levels: 3, out: 'out',
    });
    writeFileSync(join(dir, 'bad.json'), exp([0.5, 20]));
    const bad = run('run', 'bad.json', '--quiet');
    expect(bad.code, bad.stderr).toBe(0);
    expect(count(bad.stderr, 'hsim: warning: load 20 is more than 10 times')).toBe(1);
    writeFileSync(join(dir, 'good.json'), exp([0.5]));
    const good = run('run', 'good.json', '--quiet');
    expect(good.code, good.stderr).toBe(0);
    expect(good.stderr).not.toContain('warning');
  });
});
