// End to end: a small replicated experiment (hsim run with seeds) reported with each arm once, its spread over seeds shown.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../io/provenance-io.ts';

const root = repositoryRoot();
const dir = mkdtempSync(join(tmpdir(), 'hsim-report-reps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hsim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Spec {
  data: { values: Record<string, unknown>[] };
  title: { subtitle: string };
}
const chart = (id: string): Spec => JSON.parse(readFileSync(join(dir, 'report', 'charts', `${id}.vl.json`), 'utf8')) as Spec;

describe('hsim report of replicated results', () => {
  it('aggregates the cells arm#sSEED per arm in the load chart (t-interval over seeds), CDF, outcomes and tables', () => {
    // Integer arrival seconds on one worker: rows share arrival times, so each seed's tie shuffle gives other results.
    const rows = ['arrival_ms,duration_ms,key'];
    for (let i = 0; i < 400; i++) rows.push(`${Math.floor(i / 4) * 1000},${[50, 900, 200, 3000][i % 4]},k${i % 4}`);
    writeFileSync(join(dir, 't.csv'), rows.join('\n') + '\n');
    const sha = (spawnSync('sha256sum', [join(dir, 't.csv')], { encoding: 'utf8' }).stdout.split(' ')[0] ?? '').trim();
    const exp = {
      id: 'reps', traces: [{ path: 't.csv', sha256: sha }], loads: [0.5, 0.9], arms: ['fifo', 'predictive-cold', 'sjf', 'srpt'], workers: 1, split: 'none',
      windows: 4, replications: [1, 2, 3], ties: 'shuffle', latency_cdf: true, out: 'out',
    };
    writeFileSync(join(dir, 'e.json'), JSON.stringify(exp));
    const run = hsim('run', 'e.json', '--quiet');
    expect(run.code, run.stderr).toBe(0);
    const rep = hsim('report', 'out', '-o', 'report', '--no-png', '--gates-dir', dir, '--quiet');
    expect(rep.code, rep.stderr).toBe(0);
    const merged = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as { results: Record<string, { arms: Record<string, { windows: { mean_latency_ms: number }[] }> }> };

    // The load chart: one point per arm and load; for sjf at 0.9 the mean over seeds of each seed's window average.
    const load = chart('load-t');
    expect(load.data.values.map((v) => `${String(v['load'])} ${String(v['arm'])} ${String(v['seeds'])}`)).toEqual(
      ['0.5', '0.9'].flatMap((l) => ['fifo', 'predictive-cold', 'sjf', 'srpt'].map((a) => `${l} ${a} 3`)),
    );
    expect(load.title.subtitle).toContain('arms run with replications: mean over seeds, line = 95 % t-interval over seeds');
    const perSeed = [1, 2, 3].map((s) => {
      const w = merged.results['0.9']!.arms[`sjf#s${s}`]!.windows.map((x) => x.mean_latency_ms);
      return w.reduce((a, b) => a + b, 0) / w.length;
    });
    const sjf = load.data.values.find((v) => v['load'] === '0.9' && v['arm'] === 'sjf')!;
    expect(sjf['mean_ms'] as number).toBeCloseTo((perSeed[0]! + perSeed[1]! + perSeed[2]!) / 3, 6);
    expect(sjf['low_ms'] as number).toBeLessThan(sjf['mean_ms'] as number); // the shuffles give the seeds different results
    expect(sjf['high_ms'] as number).toBeGreaterThan(sjf['mean_ms'] as number);

    // No chart or table names a replication cell; outcomes and CDF show each arm once per load.
    for (const id of ['windows-t', 'cdf-t', 'outcomes-t', 'tiers-t']) expect(JSON.stringify(chart(id)), id).not.toContain('#s');
    expect(new Set(chart('cdf-t').data.values.map((v) => `${String(v['load'])} ${String(v['arm'])}`)).size).toBe(8);
    expect([...new Set(chart('outcomes-t').data.values.map((v) => v['panel']))]).toEqual(['predictive-cold · 0.5', 'predictive-cold · 0.9']);
    const md = readFileSync(join(dir, 'report', 'report.md'), 'utf8');
    expect(md).toContain('| t | 0.9 | sjf (mean of 3 seeds) |');
    expect(md).not.toMatch(/\| [a-z-]+#s\d \|/);
  });
});
