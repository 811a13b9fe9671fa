// End-to-end tests of `hsim traces diagnose` through the real executable: JSON shape, text, bad input.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const hsim = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-traces-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [hsim, ...args], { cwd: dir, env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') }, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('hsim traces diagnose', () => {
  it('prints the table as sorted JSON and as text', () => {
    expect(run('generate', 'serverless', '-o', 'sl.csv', '--n', '3000', '--keys', '20', '--seed', '2').code).toBe(0);
    const j = run('traces', 'diagnose', 'sl.csv', '--json', '--workers', '4', '--split', 'count');
    expect(j.code, j.stderr).toBe(0);
    const parsed = JSON.parse(j.stdout) as Record<string, unknown> & { predictability: Record<string, { n: number }> };
    expect(Object.keys(parsed)).toEqual([...Object.keys(parsed)].sort());
    expect(Object.keys(parsed.predictability)).toEqual(['global_median', 'online_per_key', 'per_key_median', 'predictor']);
    expect(parsed).toHaveProperty('verdict.learnable');
    expect(parsed).toHaveProperty('stale_fallback.gap_share');
    expect(parsed.predictability.global_median!.n).toBeGreaterThan(0);
    expect(parsed).toMatchObject({ arm: 'predictive', load: '0.8', workers: 4, trace: { rows: 3000, history_rows: 1500 } });
    const t = run('traces', 'diagnose', 'sl.csv', '--workers', '4', '--set', 'predictor.staleAfterMs=off');
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/^ {2}per-key median \(static history\) +\d+ /m);
    expect(t.stdout).toMatch(/^ {2}online per-key \(no queueing\) +\d+ /m);
    expect(t.stdout).toMatch(/\n\nBottom line: (not )?learnable — .*; main obstacle: .+\n$/);
    expect(t.stdout).toMatch(/^gaps {7}staleness off and [\d.]+ % arrive more than 10 min \(idle half-life\)/m);
  });
  it('exits 2 naming a missing trace and every bad option', () => {
    const missing = run('traces', 'diagnose', 'nope.csv');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope.csv: no such file');
    const bad = run('traces', 'diagnose', 'sl.csv', '--arm', 'fifo', '--load', '0.5,0.8');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('option --load: 0.5,0.8; expected a single load');
    expect(bad.stderr).toContain('option --arm: fifo; expected a warm predictive arm');
    expect(bad.stdout).toBe('');
  });
});
