// Provenance: the commit of a researcher's repository is found only when it is not hsim's own checkout.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { foreignRepositoryCommit, repositoryRoot } from './provenance-io.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('foreignRepositoryCommit', () => {
  it("is null for a file in hsim's own checkout and for a file outside git", () => {
    expect(foreignRepositoryCommit(join(repositoryRoot(), 'experiments', 'example-run.json'))).toBeNull();
    const plain = mkdtempSync(join(tmpdir(), 'hsim-nogit-'));
    dirs.push(plain);
    expect(foreignRepositoryCommit(join(plain, 'exp.json'))).toBeNull();
  });

  it("is the commit of another repository, with -dirty while a tracked file there is edited", () => {
    const dir = mkdtempSync(join(tmpdir(), 'hsim-foreign-'));
    dirs.push(dir);
    const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', '-c', 'commit.gpgsign=false', ...args], { cwd: dir }).toString().trim();
    git('init', '-q');
    writeFileSync(join(dir, 'exp.json'), '{}');
    git('add', '-A');
    git('commit', '-q', '-m', 'experiment');
    const head = git('rev-parse', 'HEAD');
    expect(foreignRepositoryCommit(join(dir, 'exp.json'))).toBe(head);
    writeFileSync(join(dir, 'exp.json'), '{"edited":true}');
    expect(foreignRepositoryCommit(join(dir, 'exp.json'))).toBe(`${head}-dirty`);
  });
});
