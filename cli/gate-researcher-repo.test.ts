// Pre-registration end to end in a researcher's own git repository: the run records that repository's commit, gate
// check proves the freeze against it, and a result or cell edited by hand (or without its hash) is not pre-registered.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/io/provenance-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-researcher-'));
const hsim = (...args: string[]): { code: number | null; stdout: string; stderr: string } => {
  const r = spawnSync(process.execPath, [join(repositoryRoot(), 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const git = (...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], { cwd: dir }).toString().trim();
interface CheckJson { pre_registered: boolean; pre_registration: { proven: boolean; reason: string; freeze_commit: string | null; results_commits: string[] } }
const check = (results: string): CheckJson => JSON.parse(hsim('gate', 'check', 'gate.json', results, '--json').stdout) as CheckJson;

let frozen = '';
let runCommit = '';
beforeAll(() => {
  expect(hsim('generate', 'mmc', '-o', 'mm.csv', '--n', '3000', '--c', '4', '--rho', '0.7', '--keys', '4', '--seed', '3').code).toBe(0);
  const sha = createHash('sha256').update(readFileSync(join(dir, 'mm.csv'))).digest('hex');
  writeFileSync(join(dir, 'exp.json'), JSON.stringify({
    id: 'mine', traces: [{ path: 'mm.csv', sha256: sha }], loads: [0.8], arms: ['fifo', 'predictive+weights+pausing'],
    split: 'time', windows: 7, window_by: 'time', workers: 4, levels: 3, out: 'out',
  }));
  writeFileSync(join(dir, 'gate.json'), JSON.stringify({
    id: 'mine-gate', experiment: 'exp.json', bootstrap: { method: 'iid', samples: 1000, seed: 2026, confidence: 0.95 }, windows: 7,
    criteria: { p99: { arm: 'predictive+weights+pausing', baseline: 'fifo', metric: 'p99_latency_ms', kind: 'ratio', limit: 100, role: 'guardrail' } },
    gate: ['p99'],
  }));
  writeFileSync(join(dir, '.gitignore'), 'out/\n*.csv\n*.meta.json\n.hsim-cache/\n');
  git('init', '-q');
  expect(hsim('gate', 'freeze', 'gate.json').code).toBe(0);
  git('add', '-A');
  git('commit', '-q', '-m', 'freeze the gate and the experiment');
  frozen = git('rev-parse', 'HEAD');
  git('commit', '-q', '--allow-empty', '-m', 'the run');
  runCommit = git('rev-parse', 'HEAD');
  const run = hsim('run', 'exp.json', '--quiet');
  expect(run.code, run.stderr).toBe(0);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a researcher's repository of experiment and gate files", () => {
  it('records its commit in the results and cells, and gate check proves the freeze against it', () => {
    const results = JSON.parse(readFileSync(join(dir, 'out', 'results.json'), 'utf8')) as { commit: string; experiment_commit: string };
    expect(results.experiment_commit).toBe(runCommit);
    expect(results.commit).not.toBe(runCommit); // hsim's own checkout, which the researcher's repository does not hold
    expect(existsSync(join(dir, 'out', 'results.json.sha256'))).toBe(true);
    const c = check('out/results.json');
    expect(c.pre_registration).toEqual({ proven: true, reason: `gate and lock committed at ${frozen}, an ancestor of the results' commit ${runCommit}`, freeze_commit: frozen, results_commits: [runCommit] });
    expect(c.pre_registered).toBe(true);
  });

  it('a result edited by one byte is not pre-registered: results edited (hash mismatch), naming the file', () => {
    writeFileSync(join(dir, 'edited.json'), readFileSync(join(dir, 'out', 'results.json'), 'utf8').replace(/"mean_latency_ms": (\d)/, (_m, d: string) => `"mean_latency_ms": ${d === '9' ? '8' : '9'}`));
    writeFileSync(join(dir, 'edited.json.sha256'), readFileSync(join(dir, 'out', 'results.json.sha256'), 'utf8'));
    const c = check('edited.json');
    expect(c.pre_registered).toBe(false);
    expect(c.pre_registration.reason).toMatch(/^results edited \(hash mismatch\): edited\.json has sha256 [0-9a-f]{64}, but edited\.json\.sha256 records/);
    expect(hsim('gate', 'check', 'gate.json', 'edited.json').stdout).toContain('NOT pre-registered: frozen (lock sha256');
  });

  it('a result without its hash is unverified; merge refuses an edited cell, which --resume runs again', () => {
    writeFileSync(join(dir, 'bare.json'), readFileSync(join(dir, 'out', 'results.json')));
    expect(check('bare.json').pre_registration.reason).toMatch(/^unverified \(no hash\): bare\.json has no bare\.json\.sha256 beside it/);
    const name = readdirSync(join(dir, 'out', 'cells')).filter((f) => f.endsWith('.json')).sort()[0]!;
    const cell = join(dir, 'out', 'cells', name);
    writeFileSync(cell, readFileSync(cell, 'utf8').replace('"count": ', '"count":  '));
    const merged = hsim('merge', 'out', '-o', 'merged');
    expect(merged.code).toBe(2);
    expect(merged.stderr).toContain(`results edited (hash mismatch): ${join('out', 'cells', name)} has sha256`);
    expect(hsim('run', 'exp.json', '--resume', '--quiet').code).toBe(0); // resume runs the edited cell again
    expect(readFileSync(cell, 'utf8')).not.toContain('"count":  ');
    expect(check('out/results.json').pre_registered).toBe(true);
    unlinkSync(`${cell}.sha256`);
    expect(hsim('merge', 'out', '-o', 'merged').code).toBe(0); // an unhashed cell merges, but what it makes is unverified
    expect(existsSync(join(dir, 'merged', 'results.json.sha256'))).toBe(false);
    expect(check('merged/results.json').pre_registration.reason).toMatch(/^unverified \(no hash\)/);
  });
});
