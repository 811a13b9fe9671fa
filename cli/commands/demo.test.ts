// `hsim demo` end to end (what `make demo` runs), on a small serverless trace: tables, result files, the
// sensitivity sweep and the report with its sensitivity chart; bad options are exit 2 with nothing written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../src/io/provenance-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-demo-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hsim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(repositoryRoot(), 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('hsim demo', () => {
  it('prints the tables and the sweep, writes results, sweep.json and a report with the sensitivity chart', () => {
    const r = hsim('demo', '--n', '3000', '-o', 'demo', '--quiet');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Serverless trace \(3000 jobs, 64 workers\)/);
    expect(r.stdout).toMatch(/Prodflow trace \(\d+ jobs, 4 workers/);
    expect(r.stdout).toMatch(/Sensitivity sweep \(serverless, loads 0\.8 and 0\.95\)/);
    expect(r.stdout.trimEnd().split('\n').pop()).toBe(`Report: ${join(dir, 'demo', 'report', 'index.html')}`);
    for (const f of ['results/serverless.json', 'results/prodflow.json', 'report/index.html', 'report/charts/sensitivity-demo-sensitivity.vl.json']) {
      expect(existsSync(join(dir, 'demo', f)), f).toBe(true);
    }
    const sweep = JSON.parse(readFileSync(join(dir, 'demo', 'sweep', 'sweep.json'), 'utf8')) as { variants: unknown[]; verdicts: { load: string; variant: string }[] };
    expect(sweep.variants).toHaveLength(6);
    expect(sweep.verdicts).toHaveLength(12);
    expect(new Set(sweep.verdicts.map((v) => v.load))).toEqual(new Set(['0.8', '0.95']));
  });

  it('refuses a trace too small, exit 2, nothing written', () => {
    const r = hsim('demo', '--n', '10', '-o', 'small');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--n.*10.*an integer ≥ 1000/);
    expect(existsSync(join(dir, 'small'))).toBe(false);
  });
});
