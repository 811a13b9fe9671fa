// Tool version and git commit, recorded in every result file.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let commitCache: string | undefined;

/** The version in package.json. */
export function toolVersion(): string {
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** The git commit of the checkout hsim runs from (with `-dirty` when it has uncommitted changes), or `unknown`. */
export function gitCommit(): string {
  if (commitCache !== undefined) return commitCache;
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    commitCache = dirty === '' ? head : `${head}-dirty`;
  } catch {
    commitCache = 'unknown';
  }
  return commitCache;
}

/** The repository root (where package.json lives). */
export function repositoryRoot(): string {
  return repoRoot;
}
