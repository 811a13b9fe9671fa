// End to end: an experiment with replications and tie shuffles, resumed, sharded and merged, then gated by seed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../io/provenance-io.ts';

const root = repositoryRoot();
const dir = mkdtempSync(join(tmpdir(), 'hsim-reps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hsim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const strip = (text: string): string => text.split('\n').filter((l) => !/^\s*"(sim_seconds|commit)":/.test(l)).join('\n');

describe('hsim run with replications', () => {
  it('runs one cell per seed, resumes and shards like any cell, and aggregates and gates by seed', () => {
    // Integer arrival seconds on one worker: many rows share an arrival time, so shuffles change FIFO's order.
    const rows = ['arrival_ms,duration_ms,key'];
    for (let i = 0; i < 400; i++) rows.push(`${Math.floor(i / 4) * 1000},${[50, 900, 200, 3000][i % 4]},k${i % 4}`);
    writeFileSync(join(dir, 't.csv'), rows.join('\n') + '\n');
    const sha = (spawnSync('sha256sum', [join(dir, 't.csv')], { encoding: 'utf8' }).stdout.split(' ')[0] ?? '').trim();
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
});

