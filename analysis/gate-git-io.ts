// Proof of pre-registration from git: the gate and its lock were committed before the commit that produced the results.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';

/** What `hsim gate check` can prove about when a gate was frozen. */
export interface PreRegistration {
  /** True iff the gate and lock, as they are now, were committed at an ancestor of every result's commit. */
  readonly proven: boolean;
  /** Why (or why not), in words. */
  readonly reason: string;
  /** The earliest commit holding the gate and the lock exactly as checked; null when there is none. */
  readonly freeze_commit: string | null;
  /** The commits the results record (deduplicated, `-dirty` kept as recorded). */
  readonly results_commits: readonly string[];
}

/** Runs git in `cwd`; the trimmed stdout, or null when git fails (not a repository, unknown object …). */
function git(cwd: string, args: readonly string[], encoding: 'utf8' | 'buffer' = 'utf8'): string | Buffer | null {
  try {
    const out = execFileSync('git', ['-c', 'core.quotepath=off', ...args], { cwd, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 256 * 2 ** 20 });
    return encoding === 'buffer' ? out : out.toString('utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Proves pre-registration the way the paper did ("committed to the repository before its first registered run, and
 * the commit that froze them is recorded"): finds the earliest commit of the gate's repository whose gate file and
 * lock are byte-equal to the files checked, and requires it to be an ancestor of (or equal to) each commit the
 * results record (hsim's `commit`, or `experiment_commit` when the experiment came from a researcher's own
 * repository: the caller picks). Every failure is a `proven: false` with its reason, never an exception. Cost: one `git show` per
 * commit that touched the lock.
 */
export function provePreRegistration(gatePath: string, lockPath: string, resultCommits: readonly (string | null)[]): PreRegistration {
  const commits = [...new Set(resultCommits.map((c) => c ?? 'unknown'))].sort();
  const no = (reason: string, freeze: string | null = null): PreRegistration => ({ proven: false, reason, freeze_commit: freeze, results_commits: commits });
  const dir = dirname(realpathSync(gatePath));
  const top = git(dir, ['rev-parse', '--show-toplevel']) as string | null;
  if (top === null) return no(`${gatePath} is not in a git repository: commit the gate and its lock before the run`);
  const rel = (p: string): string => relative(top, realpathSync(p)).split(sep).join('/');
  const gateRel = rel(gatePath);
  const lockRel = rel(lockPath);
  const gateBytes = readFileSync(gatePath);
  const lockBytes = readFileSync(lockPath);
  const touching = (git(top, ['log', '--format=%H', '--reverse', '--', lockRel]) as string | null) ?? '';
  let freeze: string | null = null;
  for (const c of touching.split('\n').filter((l) => l !== '')) {
    const lockAt = git(top, ['show', `${c}:${lockRel}`], 'buffer') as Buffer | null;
    if (lockAt === null || !lockAt.equals(lockBytes)) continue;
    const gateAt = git(top, ['show', `${c}:${gateRel}`], 'buffer') as Buffer | null;
    if (gateAt !== null && gateAt.equals(gateBytes)) {
      freeze = c;
      break;
    }
  }
  if (freeze === null) return no(`the lock ${lockRel} and gate ${gateRel} as they are now were never committed together in ${top}: commit them before the run`);
  for (const recorded of commits) {
    const c = recorded.replace(/-dirty$/, '');
    if (!/^[0-9a-f]{40}$/.test(c)) return no(`a result records no commit ("${recorded}"), so nothing shows it came after the freeze`, freeze);
    if (git(top, ['cat-file', '-e', `${c}^{commit}`]) === null) {
      return no(`a result's commit ${c} is not in ${top}, the repository of the gate (results record this repository's commit as experiment_commit when hsim run reads an experiment file from it)`, freeze);
    }
    if (git(top, ['merge-base', '--is-ancestor', freeze, c]) === null) {
      return no(`the lock was committed at ${freeze}, which is not an ancestor of ${c}, the commit that produced the results: the gate was frozen after the run`, freeze);
    }
  }
  return { proven: true, reason: `gate and lock committed at ${freeze}, an ancestor of the results' commit${commits.length > 1 ? 's' : ''} ${commits.join(', ')}`, freeze_commit: freeze, results_commits: commits };
}
