// Runs the whole vitest suite and ends with the plain closing line `tests: N passed, N failed, N skipped`.
// Wall-clock replay tests run in a second phase on their own, so that other test files do not compete with the
// brokers and the replay's timers for the machine's two cores (they measure latency in real time).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

const WALL_CLOCK_TESTS = ['replay/replay.test.ts', 'replay/replay-compute.test.ts', 'replay/compute-pool-io.test.ts'];
const extra = process.argv.slice(2);

interface Assertion {
  fullName?: string;
  title: string;
  status: string;
  failureMessages?: string[];
}

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: { name: string; status?: string; message?: string; assertionResults: Assertion[] }[];
}

function phase(name: string, args: string[]): { status: number; report: Report | null } {
  const file = `out/vitest-report-${name}.json`;
  rmSync(file, { force: true });
  const run = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`, ...args, ...extra], { stdio: 'inherit' });
  let report: Report | null = null;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  } catch {
    // No report: the exit status still tells the outcome.
  }
  return { status: run.status ?? 3, report };
}

const phases = [
  phase('main', WALL_CLOCK_TESTS.flatMap((f) => ['--exclude', f])),
  phase('wall-clock', [...WALL_CLOCK_TESTS, '--no-file-parallelism']),
];
/** Each failed test (or test file that failed to load) with the first lines of its message, named last so that a CI log's tail shows it. */
function failures(report: Report | null): string[] {
  const out: string[] = [];
  const head = (m: string | undefined): string => (m ?? '').split('\n').filter((l) => l.trim() !== '' && !/^\s*at (.*node_modules|.*node:internal|new Promise|async file:)/.test(l)).slice(0, 6).map((l) => `    ${l}`).join('\n');
  for (const file of report?.testResults ?? []) {
    const name = relative(process.cwd(), file.name);
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) out.push(`  ✗ ${name} › ${a.fullName ?? a.title}\n${head(a.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') out.push(`  ✗ ${name} (the file failed)\n${head(file.message)}`);
  }
  return out;
}

const failed = phases.flatMap((p) => failures(p.report));
if (failed.length > 0) process.stdout.write(`\nfailed tests:\n${failed.join('\n')}\n`);
const sum = (k: 'numPassedTests' | 'numFailedTests' | 'numPendingTests' | 'numTodoTests'): number => phases.reduce((s, p) => s + (p.report?.[k] ?? 0), 0);
const missing = phases.some((p) => p.report === null);
process.stdout.write(
  missing
    ? 'tests: report missing\n'
    : `tests: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests') + sum('numTodoTests')} skipped\n`,
);
process.exit(phases.find((p) => p.status !== 0)?.status ?? 0);
