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
    // One process: the full commit hash, with -dirty when tracked files have uncommitted changes.
    commitCache = execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=40', '--match=NO-TAGS-WANTED'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    commitCache = 'unknown';
  }
  return commitCache;
}

/** The repository root (where package.json lives). */
export function repositoryRoot(): string {
  return repoRoot;
}
