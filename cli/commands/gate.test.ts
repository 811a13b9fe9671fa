// `hsim gate freeze` and `hsim gate check` end to end: exit codes, messages and the JSON report.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedArms, publishedGate, resultFileObject } from '../../analysis/fixtures/result-file-fixture.ts';
import { PUBLISHED } from '../../analysis/fixtures/azure2021-v3-windows.ts';
import { repositoryRoot } from '../../src/io/provenance-io.ts';

const root = repositoryRoot();
let dir = '';

function hsim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function write(name: string, value: unknown): string {
  const p = join(dir, name);
  writeFileSync(p, JSON.stringify(value, null, 2) + '\n');
  return p;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hsim-gate-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('hsim gate', () => {
  it('freezes, then checks the published analysis: --json shape, SPEC §8 numbers, exit 1 on the failed bar', () => {
    const gate = write('published.json', publishedGate());
    const results = write('results.json', resultFileObject(publishedArms()));
    const frozen = hsim('gate', 'freeze', gate);
    expect(frozen.code).toBe(0);
    const lock = JSON.parse(readFileSync(join(dir, 'published.lock.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(lock).sort()).toEqual(['frozen_at', 'gate', 'gate_file', 'gate_sha256', 'git_commit', 'tool_version']);

    const r = hsim('gate', 'check', gate, results, '--json');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('gate azure2021-v3 failed at load 0.5');
    const out = JSON.parse(r.stdout) as {
      gate: string; frozen: boolean; lock_sha256: string | null;
      loads: Record<string, { passed: boolean; criteria: Record<string, { point: number; low: number; high: number; status: string; role: string; limit: number }> }>;
    };
    expect(out.gate).toBe('azure2021-v3');
    expect(out.frozen).toBe(true);
    expect(out.lock_sha256).toMatch(/^[0-9a-f]{64}$/);
    const c = out.loads['0.5']!.criteria;
    expect(out.loads['0.5']!.passed).toBe(false);
    const six = (k: string): string[] => [c[k]!.point, c[k]!.low, c[k]!.high].map((v) => v.toFixed(6));
    expect(six('mean_vs_fifo')).toEqual(PUBLISHED.meanDelta);
    expect(six('p99_ratio')).toEqual(PUBLISHED.p99Ratio);
    expect(six('long_max_wait_ratio')).toEqual(PUBLISHED.longMaxWaitRatio);
    expect(c['mean_vs_fifo']).toMatchObject({ status: 'fail', role: 'primary', limit: -0.15 });
    expect(c['p99_ratio']).toMatchObject({ status: 'pass', role: 'guardrail', limit: 2 });

    const table = hsim('gate', 'check', gate, results);
    expect(table.code).toBe(1);
    // The published −0.146044 [−0.255075, −0.059320] (SPEC §8) as the report writes it: % with one decimal.
    expect(table.stdout).toContain('−14.6 % [−25.5 %, −5.9 %]');
    expect(table.stdout).toMatch(/mean_vs_fifo .*FAIL/);
  });

  it('refuses a gate edited after freezing, naming what changed (exit 2)', () => {
    const gate = write('tamper.json', publishedGate());
    const results = write('tamper-results.json', resultFileObject(publishedArms()));
    expect(hsim('gate', 'freeze', gate).code).toBe(0);
    write('tamper.json', publishedGate({ criteria: { ...(publishedGate()['criteria'] as object), mean_vs_fifo: { arm: 'predictive+weights+pausing', baseline: 'fifo', metric: 'mean_latency_ms', kind: 'relative_delta', limit: -0.1, role: 'primary' } } }));
    const r = hsim('gate', 'check', gate, results);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('changed since it was frozen');
    const refreeze = hsim('gate', 'freeze', gate);
    expect(refreeze.code).toBe(2);
    expect(refreeze.stderr).toContain('already exists and does not match');
    expect(r.stderr).toContain('criteria.mean_vs_fifo.limit: -0.15 → -0.1');
    expect(r.stdout).toBe('');
  });

  it('locks the experiment config the gate names and refuses to judge after it changed or went missing (SPEC §7)', () => {
    mkdirSync(join(dir, 'exp'), { recursive: true });
    const experiment = { id: 'azure', traces: [{ path: 'trace.csv', sha256: 'a'.repeat(64) }], loads: [0.5], arms: ['fifo', 'predictive+weights+pausing'], out: 'out' };
    const expPath = join(dir, 'exp', 'run.json');
    writeFileSync(expPath, JSON.stringify(experiment, null, 2) + '\n');
    // The options the experiment's defaults give (experiment-file.ts): results produced from it record these.
    const options = { workers: 64, levels: 3, split: 'time', fraction: 0.5, windows: 7, window_by: 'time', seed: 1 };
    const results = write('locked-results.json', { ...resultFileObject(publishedArms()), options });
    const tampered = write('tampered-results.json', { ...resultFileObject(publishedArms()), options: { ...options, workers: 60, set: ['predictor.minSamples=1'] } });
    // Missing config at freezing: exit 2, no lock written.
    const missing = write('locked-missing.json', publishedGate({ experiment: 'exp/absent.json' }));
    const noLock = hsim('gate', 'freeze', missing);
    expect(noLock.code).toBe(2);
    expect(noLock.stderr).toContain('"experiment": "exp/absent.json"');
    expect(existsSync(join(dir, 'locked-missing.lock.json'))).toBe(false);

    // An experiment config that `hsim run` would refuse (here a mistyped field) is not frozen:
    // exit 2 naming each problem at its path, no lock written.
    writeFileSync(join(dir, 'exp', 'typo.json'), JSON.stringify({ ...experiment, workerz: 8 }, null, 2) + '\n');
    const typo = write('locked-typo.json', publishedGate({ experiment: 'exp/typo.json' }));
    const invalid = hsim('gate', 'freeze', typo);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain(`${typo}: "experiment": "exp/typo.json" is not an experiment file hsim run accepts (1 problem); nothing was frozen`);
    expect(invalid.stderr).toContain(`${join(dir, 'exp', 'typo.json')} → workerz: an unknown field "workerz"`);
    expect(existsSync(join(dir, 'locked-typo.lock.json'))).toBe(false);

    const gate = write('locked.json', publishedGate({ experiment: 'exp/run.json' }));
    expect(hsim('gate', 'freeze', gate).code).toBe(0);
    const lock = JSON.parse(readFileSync(join(dir, 'locked.lock.json'), 'utf8')) as Record<string, unknown>;
    expect(lock['experiment_file']).toBe('exp/run.json');
    expect(lock['experiment_sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(lock['experiment']).toEqual(experiment);
    expect(hsim('gate', 'check', gate, results).code).toBe(1); // judged: the published bar fails
    // Results produced with other settings than the locked experiment's are refused, each departure named.
    const other = hsim('gate', 'check', gate, tampered);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('tampered-results.json → options.workers: 60; expected one of 64 (locked experiment exp/run.json)');
    expect(other.stderr).toContain('tampered-results.json → options.set: ["predictor.minSamples=1"]; expected no --set overrides');

    writeFileSync(expPath, JSON.stringify({ ...experiment, loads: [0.8] }, null, 2) + '\n');
    const changed = hsim('gate', 'check', gate, results);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toContain('the experiment config changed since');
    expect(changed.stderr).toContain('loads[0]: 0.5 → 0.8');
    expect(changed.stdout).toBe('');

    rmSync(expPath);
    const gone = hsim('gate', 'check', gate, results);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain('the experiment config frozen with');

    // A lock stripped of its experiment binding (a tampered lock) is refused, not judged.
    writeFileSync(expPath, JSON.stringify(experiment, null, 2) + '\n');
    const { experiment_file: _f, experiment_sha256: _s, experiment: _e, ...stripped } = lock;
    writeFileSync(join(dir, 'locked.lock.json'), JSON.stringify(stripped));
    const unbound = hsim('gate', 'check', gate, results);
    expect(unbound.code).toBe(2);
    expect(unbound.stderr).toContain('binds no experiment config, but');
  });

  it('freezes only gates whose arms hsim can run, naming each unknown arm (exit 2, no lock)', () => {
    const gate = write('typo.json', publishedGate({ criteria: { m: { arm: 'predictve+weights', baseline: 'fifo', metric: 'p99_latency_ms', kind: 'ratio', limit: 2, role: 'guardrail' } }, gate: ['m'] }));
    const r = hsim('gate', 'freeze', gate);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('criteria.m.arm: "predictve+weights"; expected an arm hsim can run (option --arm predictve+weights: unknown routing "predictve"');
    expect(existsSync(join(dir, 'typo.lock.json'))).toBe(false);
  });

  it('reports a frozen gate outside git as frozen but not pre-registered, with the reason', () => {
    const gate = write('outside.json', publishedGate({ criteria: { m: { arm: 'predictive+weights+pausing', baseline: 'fifo', metric: 'p99_latency_ms', kind: 'ratio', limit: 2, role: 'guardrail' } }, gate: ['m'] }));
    const results = write('outside-results.json', resultFileObject(publishedArms()));
    expect(hsim('gate', 'freeze', gate).code).toBe(0);
    const r = hsim('gate', 'check', gate, results, '--json');
    const out = JSON.parse(r.stdout) as { frozen: boolean; pre_registered: boolean; pre_registration: { proven: boolean; reason: string } };
    expect(out).toMatchObject({ frozen: true, pre_registered: false, pre_registration: { proven: false } });
    expect(out.pre_registration.reason).toMatch(/is not in a git repository/);
    expect(hsim('gate', 'check', gate, results).stdout).toContain('NOT pre-registered: frozen (lock sha256');
  });

  it('evaluates an unfrozen gate only with --unfrozen, marked as not pre-registered; exit 0 when it passes', () => {
    const gate = write('loose.json', publishedGate({ criteria: { m: { arm: 'predictive+weights+pausing', baseline: 'fifo', metric: 'p99_latency_ms', kind: 'ratio', limit: 2, role: 'guardrail' } }, gate: ['m'] }));
    const results = write('loose-results.json', resultFileObject(publishedArms()));
    const refused = hsim('gate', 'check', gate, results);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('not frozen');
    const r = hsim('gate', 'check', gate, results, '--unfrozen', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { frozen: boolean; pre_registered: boolean; lock_sha256: unknown; passed: boolean };
    expect(out).toMatchObject({ frozen: false, pre_registered: false, lock_sha256: null, passed: true });
  });

  it('reads a directory of result files, refuses a duplicate arm and a trace other than the gate names', () => {
    const sub = join(dir, 'results-dir');
    mkdirSync(sub);
    const arms = publishedArms();
    writeFileSync(join(sub, 'fifo.json'), JSON.stringify(resultFileObject({ fifo: arms['fifo']! })));
    writeFileSync(join(sub, 'primary.json'), JSON.stringify(resultFileObject({ 'predictive+weights+pausing': arms['predictive+weights+pausing']! })));
    writeFileSync(join(sub, 'notes.json'), JSON.stringify({ note: 'not a result file' }));
    const gate = write('dir-gate.json', publishedGate({ trace_sha256: 'a'.repeat(64) }));
    const ok = hsim('gate', 'check', gate, sub, '--unfrozen', '--json');
    expect(ok.code).toBe(1);
    expect((JSON.parse(ok.stdout) as { results: string[] }).results).toHaveLength(2);

    const other = write('other-trace.json', publishedGate({ trace_sha256: 'c'.repeat(64) }));
    const wrongTrace = hsim('gate', 'check', other, sub, '--unfrozen');
    expect(wrongTrace.code).toBe(2);
    expect(wrongTrace.stderr).toContain(`found ${'a'.repeat(64)}; expected ${'c'.repeat(64)}`);

    writeFileSync(join(sub, 'zz-dup.json'), JSON.stringify(resultFileObject({ fifo: arms['fifo']! })));
    const dup = hsim('gate', 'check', gate, sub, '--unfrozen');
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain(`found in both ${join(sub, 'fifo.json')} and ${join(sub, 'zz-dup.json')}`);
  });

  it('rejects bad gate files and invalid replays with JSON paths (exit 2)', () => {
    const bad = write('bad.json', publishedGate({ bootstrap: { method: 'bca', samples: 50, seed: 1, confidence: 1.5 } }));
    const r = hsim('gate', 'freeze', bad);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bootstrap.method: "bca"');
    expect(r.stderr).toContain('bootstrap.samples: 50');
    expect(r.stderr).toContain('bootstrap.confidence: 1.5');
    const gate = write('replay-gate.json', publishedGate());
    const replay = write('replay.json', resultFileObject(publishedArms(), { replayValid: false }));
    const invalid = hsim('gate', 'check', gate, replay, '--unfrozen');
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('replay.valid: false');
  });
});
