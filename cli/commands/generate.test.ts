// End-to-end tests of `hsim generate` and `hsim traces info` through the real executable.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const hsim = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-generate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [hsim, ...args], { cwd: dir, env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('hsim generate / hsim traces info', () => {
  it('writes the same bytes for the same seed, other bytes for another seed, and a sidecar', () => {
    const a = run('generate', 'priority', '-o', 'a.csv.gz', '--seed', '9', '--n', '300', '--c', '2');
    expect(a.code, a.stderr).toBe(0);
    expect(a.stderr).toMatch(/wrote a\.csv\.gz \(300 jobs, 2 keys, 2 classes; sha256 [0-9a-f]{64}\)/);
    expect(run('generate', 'priority', '-o', 'b.csv.gz', '--seed', '9', '--n', '300', '--c', '2').code).toBe(0);
    expect(run('generate', 'priority', '-o', 'c.csv.gz', '--seed', '10', '--n', '300', '--c', '2').code).toBe(0);
    expect(readFileSync(join(dir, 'b.csv.gz')).equals(readFileSync(join(dir, 'a.csv.gz')))).toBe(true);
    expect(readFileSync(join(dir, 'c.csv.gz')).equals(readFileSync(join(dir, 'a.csv.gz')))).toBe(false);
    const meta = JSON.parse(readFileSync(join(dir, 'a.meta.json'), 'utf8')) as Record<string, unknown>;
    expect(meta).toMatchObject({
      source: { format: 'generator', file: null, sha256: null },
      converter: { name: 'generate:priority', options: { seed: 9, n: 300, c: 2, rho: 0.8 } },
      rows: { read: 300, kept: 300, rejected: 0 },
    });

    const info = run('traces', 'info', 'a.csv.gz', '--json', '--workers', '2');
    expect(info.code, info.stderr).toBe(0);
    const parsed = JSON.parse(info.stdout) as { sha256: string; meta: unknown; stats: { jobs: number; classes: number; workers: number } };
    expect(parsed.sha256).toBe(meta.sha256);
    expect(parsed.meta).toEqual(meta);
    expect(parsed.stats).toMatchObject({ jobs: 300, classes: 2, workers: 2 });
  });

  it('exits 2 naming the option for bad input', () => {
    const bad = run('generate', 'mmc', '-o', 'x.csv', '--rho', 'lots');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('option --rho: "lots"; expected a number');
    const unknown = run('generate', 'mmc', '-o', 'x.csv', '--zipf', '1');
    expect(unknown.code).toBe(2);
    const missing = run('traces', 'info', 'missing.csv');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('missing.csv: no such file');
  });

  it('--sizes adds a size_bytes column recorded in the meta options; --size-noise without it is exit 2 naming the option', () => {
    const a = run('generate', 'serverless', '-o', 's.csv', '--n', '200', '--keys', '4', '--sizes', '--size-noise', '0.5');
    expect(a.code, a.stderr).toBe(0);
    expect(readFileSync(join(dir, 's.csv'), 'utf8').split('\n')[0]).toBe('arrival_ms,duration_ms,key,size_bytes');
    const meta = JSON.parse(readFileSync(join(dir, 's.meta.json'), 'utf8')) as { converter: { options: Record<string, unknown> } };
    expect(meta.converter.options['sizes']).toEqual({ noise: 0.5 });
    const bad = run('generate', 'serverless', '-o', 't.csv', '--n', '200', '--size-noise', '0.5');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/option --size-noise: 0\.5 without --sizes/);
  });
});
