// End to end: an experiment with replications and tie shuffles, resumed, sharded, merged, gated by seed and reported.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/io/provenance-io.ts';

const root = repositoryRoot();
const dir = mkdtempSync(join(tmpdir(), 'hsim-reps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hsim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const strip = (text: string): string => text.split('\n').filter((l) => !/^\s*"(sim_seconds|commit)":/.test(l)).join('\n');

/** Writes t.csv (integer arrival seconds, four rows each: shuffles change FIFO's order on one worker); its SHA-256. */
function writeTrace(): string {
  const rows = ['arrival_ms,duration_ms,key'];
  for (let i = 0; i < 400; i++) rows.push(`${Math.floor(i / 4) * 1000},${[50, 900, 200, 3000][i % 4]},k${i % 4}`);
  writeFileSync(join(dir, 't.csv'), rows.join('\n') + '\n');
  return (spawnSync('sha256sum', [join(dir, 't.csv')], { encoding: 'utf8' }).stdout.split(' ')[0] ?? '').trim();
}

interface ChartSpec {
  data: { values: Record<string, unknown>[] };
  title: { subtitle: string | string[] };
}
const chart = (id: string): ChartSpec => JSON.parse(readFileSync(join(dir, 'report', 'charts', `${id}.vl.json`), 'utf8')) as ChartSpec;

describe('hsim run with replications', () => {
  it('runs one cell per seed, resumes and shards like any cell, and aggregates and gates by seed', () => {
    const sha = writeTrace();
    const exp = { id: 'reps', traces: [{ path: 't.csv', sha256: sha }], loads: [0.9], arms: ['fifo', 'sjf'], workers: 1, split: 'none', windows: 4, replications: [1, 2, 3], ties: 'shuffle', out: 'out/all' };
    writeFileSync(join(dir, 'e.json'), JSON.stringify(exp));
    const r = hsim('run', 'e.json', '--jobs', '2', '--quiet');
    expect(r.code, r.stderr).toBe(0);
    const merged = JSON.parse(readFileSync(join(dir, 'out/all/results.json'), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(Object.keys(merged.results['0.9'].arms).sort()).toEqual(['fifo#s1', 'fifo#s2', 'fifo#s3', 'sjf#s1', 'sjf#s2', 'sjf#s3']);
    const agg = merged.replications.by_load['0.9'].fifo;
    expect(agg.seeds).toEqual([1, 2, 3]);
    expect(agg.metrics.mean_latency_ms.t_interval_95).toHaveLength(2);
    // Each replication's cell records its own shuffle.
    const cellFile = readdirSync(join(dir, 'out/all/cells')).find((f) => f.includes('fifo_s2'))!;
    const cell = JSON.parse(readFileSync(join(dir, 'out/all/cells', cellFile), 'utf8')) as { options: { ties: string } };
    expect(cell.options.ties).toBe('shuffle:2');
    // Resume: every cell is kept. Shards 1/2 and 2/2, merged, give the same results.
    expect(hsim('run', 'e.json', '--resume').stderr).toMatch(/0 cells run, 6 resumed/);
    expect(hsim('run', 'e.json', '--shard', '1/2', '-o', 'out/s1', '--quiet').code).toBe(0);
    expect(hsim('run', 'e.json', '--shard', '2/2', '-o', 'out/s2', '--quiet').code).toBe(0);
    expect(hsim('merge', 'out/s1', 'out/s2', '-o', 'out/m', '--quiet').code).toBe(0);
    expect(strip(readFileSync(join(dir, 'out/m/results.json'), 'utf8'))).toBe(strip(readFileSync(join(dir, 'out/all/results.json'), 'utf8')));
    // A gate pairing by seed judges the replicated results; on plain results it is bad input (exit 2).
    const gate = {
      id: 'g', bootstrap: { method: 'iid', samples: 1000, seed: 1, confidence: 0.95 },
      criteria: { m: { arm: 'sjf', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'relative_delta', limit: -0.1, role: 'primary', pair: 'seed' } }, gate: ['m'],
    };
    writeFileSync(join(dir, 'g.json'), JSON.stringify(gate));
    const check = hsim('gate', 'check', 'g.json', 'out/all/results.json', '--unfrozen', '--json');
    expect([0, 1]).toContain(check.code);
    expect(JSON.parse(check.stdout).loads['0.9'].criteria.m.replications).toEqual({ 1: expect.any(String), 2: expect.any(String), 3: expect.any(String) });
    expect(hsim('simulate', 't.csv', '--arm', 'fifo', '--arm', 'sjf', '--load', '0.9', '--workers', '1', '--split', 'none', '--windows', '4', '-o', 'plain.json', '--quiet').code).toBe(0);
    const bad = hsim('gate', 'check', 'g.json', 'plain.json', '--unfrozen');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/g\.json → criteria\.m\.pair: "seed", but the results hold no replications/);
  });

  it('reports each replicated arm once: the cells arm#sSEED aggregated per arm in the load chart (t-interval over seeds), CDF, outcomes and tables', () => {
    const sha = writeTrace();
    const exp = {
      id: 'reps', traces: [{ path: 't.csv', sha256: sha }], loads: [0.5, 0.9], arms: ['fifo', 'predictive-cold', 'sjf', 'srpt'], workers: 1, split: 'none',
      windows: 4, replications: [1, 2, 3], ties: 'shuffle', latency_cdf: true, out: 'out/report-reps',
    };
    writeFileSync(join(dir, 'e2.json'), JSON.stringify(exp));
    const run = hsim('run', 'e2.json', '--quiet');
    expect(run.code, run.stderr).toBe(0);
    mkdirSync(join(dir, 'no-gates'));
    const rep = hsim('report', 'out/report-reps', '-o', 'report', '--no-png', '--gates-dir', join(dir, 'no-gates'), '--quiet');
    expect(rep.code, rep.stderr).toBe(0);
    const merged = JSON.parse(readFileSync(join(dir, 'out/report-reps/results.json'), 'utf8')) as { results: Record<string, { arms: Record<string, { windows: { mean_latency_ms: number }[] }> }> };

    // The load chart: one point per arm and load; for sjf at 0.9 the mean over seeds of each seed's window average.
    const load = chart('load-t');
    expect(load.data.values.map((v) => `${String(v['load'])} ${String(v['arm'])} ${String(v['seeds'])}`)).toEqual(
      ['0.5', '0.9'].flatMap((l) => ['fifo', 'predictive-cold', 'sjf', 'srpt'].map((a) => `${l} ${a} 3`)),
    );
    expect(load.title.subtitle).toContain('arms run with replications: mean over seeds, line = 95 % t-interval over seeds'); // its own line
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

