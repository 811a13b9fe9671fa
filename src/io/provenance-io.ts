// Tool version and git commit, recorded in every result file.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Provenance } from '../result/result-file.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let commitCache: string | undefined;

/** The version in package.json. */
export function toolVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * The git commit of the checkout hsim runs from (with `-dirty` when it has uncommitted changes), or `unknown`.
 * The first call starts a `git` process. Starting a process forks this one, and on Linux every page this process has
 * written becomes copy-on-write until it is written again: with simulation buffers of 100+ MB, that costs ~0.5 s of
 * page faults on the next cell. So long-running commands call this first, while the process is small, and hand the
 * answer to their threads (`adoptGitCommit`), which then never fork.
 */
export function gitCommit(): string {
  if (commitCache !== undefined) return commitCache;
  try {
    // One process: the full commit hash, with -dirty when tracked files have uncommitted changes.
    commitCache = execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=40', '--match=NO-TAGS-WANTED'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    commitCache = 'unknown';
  }
  return commitCache;
}

/** Runs git in `cwd`: its trimmed output, or null when git fails (not a repository, no git). */
function gitOutput(cwd: string, args: readonly string[]): string | null {
  try {
    return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
}

/**
 * The commit (full hash, `-dirty` when tracked files have uncommitted changes) of the git repository that holds
 * `file` — a researcher's own repository of experiment and gate files — or null when that repository is hsim's own
 * checkout (its commit is already recorded as `commit`) or `file` is not in a git repository. Starts git processes:
 * call it early, as gitCommit says.
 */
export function foreignRepositoryCommit(file: string): string | null {
  const top = gitOutput(dirname(resolve(file)), ['rev-parse', '--show-toplevel']);
  if (top === null) return null;
  const own = gitOutput(repoRoot, ['rev-parse', '--show-toplevel']);
  if (own !== null && realpathSync(own) === realpathSync(top)) return null;
  return gitOutput(top, ['describe', '--always', '--dirty', '--abbrev=40', '--match=NO-TAGS-WANTED']);
}

/** The version and commit recorded in the result files this process writes. */
export function cliProvenance(): Provenance {
  return { version: toolVersion(), commit: gitCommit() };
}

/** Takes the commit found by the thread that started this one (worker threads share its checkout). */
export function adoptGitCommit(commit: string): void {
  commitCache = commit;
}

/** The repository root (where package.json lives). */
export function repositoryRoot(): string {
  return repoRoot;
}
