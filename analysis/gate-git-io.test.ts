// Pre-registration proven from git: the gate and lock committed at an ancestor of the results' commit, or why not.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { provePreRegistration } from './gate-git-io.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fresh repository with a commit helper that returns the new commit's hash. */
function repo(): { dir: string; commit: (files: Record<string, string>, msg: string) => string; gate: string; lock: string } {
  const dir = mkdtempSync(join(tmpdir(), 'hsim-prereg-'));
  dirs.push(dir);
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], { cwd: dir }).toString().trim();
  git('init', '-q');
  const commit = (files: Record<string, string>, msg: string): string => {
    for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
    git('add', '-A');
    git('commit', '-q', '--allow-empty', '-m', msg);
    return git('rev-parse', 'HEAD');
  };
  return { dir, commit, gate: join(dir, 'g.json'), lock: join(dir, 'g.lock.json') };
}

describe('provePreRegistration', () => {
  it('proves a gate whose lock was committed before the commit that produced the results', () => {
    const r = repo();
    const frozen = r.commit({ 'g.json': '{"bar":-0.15}', 'g.lock.json': '{"sha":"a"}' }, 'freeze');
    const run = r.commit({ 'notes.txt': 'run' }, 'the run');
    const p = provePreRegistration(r.gate, r.lock, [run, run]);
    expect(p).toMatchObject({ proven: true, freeze_commit: frozen, results_commits: [run] });
    expect(provePreRegistration(r.gate, r.lock, [frozen]).proven).toBe(true); // results from the freezing commit itself
    expect(provePreRegistration(r.gate, r.lock, [`${run}-dirty`]).proven).toBe(true);
  });

  it('refuses a lock frozen again after the results (a relaxed bar with a recomputed hash)', () => {
    const r = repo();
    r.commit({ 'g.json': '{"bar":-0.15}', 'g.lock.json': '{"sha":"a"}' }, 'freeze');
    const run = r.commit({ 'notes.txt': 'run' }, 'the run');
    const refrozen = r.commit({ 'g.json': '{"bar":-0.05}', 'g.lock.json': '{"sha":"b"}' }, 'relax the bar after the results');
    const p = provePreRegistration(r.gate, r.lock, [run]);
    expect(p.proven).toBe(false);
    expect(p.freeze_commit).toBe(refrozen);
    expect(p.reason).toBe(`the lock was committed at ${refrozen}, which is not an ancestor of ${run}, the commit that produced the results: the gate was frozen after the run`);
  });

  it('refuses a lock that was never committed, or committed beside another gate', () => {
    const r = repo();
    const run = r.commit({ 'g.json': '{"bar":-0.15}' }, 'gate only');
    writeFileSync(r.lock, '{"sha":"a"}');
    expect(provePreRegistration(r.gate, r.lock, [run]).reason).toMatch(/^the lock g\.lock\.json and gate g\.json as they are now were never committed together/);
    r.commit({ 'g.lock.json': '{"sha":"a"}' }, 'lock');
    writeFileSync(r.gate, '{"bar":-0.01}'); // edited after freezing, uncommitted
    expect(provePreRegistration(r.gate, r.lock, [run]).proven).toBe(false);
  });

  it('refuses results that record no commit or a commit of another repository, and a gate outside git', () => {
    const r = repo();
    r.commit({ 'g.json': '{}', 'g.lock.json': '{}' }, 'freeze');
    expect(provePreRegistration(r.gate, r.lock, [null]).reason).toBe('a result records no commit ("unknown"), so nothing shows it came after the freeze');
    expect(provePreRegistration(r.gate, r.lock, ['f'.repeat(40)]).reason).toMatch(/^a result's commit f{40} is not in /);
    const plain = mkdtempSync(join(tmpdir(), 'hsim-nogit-'));
    dirs.push(plain);
    writeFileSync(join(plain, 'g.json'), '{}');
    writeFileSync(join(plain, 'g.lock.json'), '{}');
    expect(provePreRegistration(join(plain, 'g.json'), join(plain, 'g.lock.json'), ['a'.repeat(40)]).reason).toMatch(/is not in a git repository/);
  });
});
