// Every example in `hsim <command> --help` runs as written, in a scratch folder with small inputs at the paths they name.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/io/provenance-io.ts';

const root = repositoryRoot();
const dir = mkdtempSync(join(tmpdir(), 'hsim-help-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function hsim(args: readonly string[]): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') }, timeout: 120_000 });
  return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
}

const COMMANDS = ['convert', 'traces', 'generate', 'simulate', 'predictor', 'gate', 'theory', 'run', 'merge', 'sweep', 'worker', 'report', 'broker', 'replay', 'compare', 'demo'];

/** The example command lines of a help text: lines after `Example(s):` that start with `hsim` or `$ hsim`; `\` joins lines, `#` comments and a trailing `&` are dropped. */
function examples(help: string): string[] {
  const at = help.search(/^Examples?:/m);
  if (at < 0) return [];
  const joined = help.slice(at).replace(/\\\n\s*/g, '');
  return joined.split('\n').map((l) => l.trim().replace(/^\$ /, '')).filter((l) => l.startsWith('hsim ')).map((l) => l.replace(/\s+#.*$/, '').replace(/\s*&$/, '').trim());
}

/** Shell words of an example (no example uses quotes). */
function words(line: string): string[] {
  return line.split(/\s+/).slice(1);
}

/** Examples that cannot run here, with why; any other example must exit 0 (a gate check may also exit 1: a gate failed). */
const NOT_RUN: Readonly<Record<string, string>> = {
  'hsim worker --queue redis://10.0.0.5:6379 --jobs 2': 'needs a Redis server',
  'hsim broker --listen 127.0.0.1:27051': 'starts a long-running broker',
  'hsim replay trace.csv --broker harbinger://127.0.0.1:27051 --arm predictive+weights+pausing': 'needs a running broker',
  'hsim replay trace.csv --broker redis://127.0.0.1:26379 --arm fifo --arm oracle+no-aging --load 0.6 --workers 8 --time-scale 1 -o replay.json': 'needs Redis',
  'hsim replay trace.csv --broker redis://127.0.0.1:26379 --arm fifo --arm oracle+no-aging --load 0.6 --workers 8 -o replay.json': 'needs Redis',
  'hsim replay trace.csv --broker harbinger://127.0.0.1:50051 --arm fifo --arm predictive --workers 4 --handlers compute -o replay-compute.json': 'needs a running broker (replay-compute.test.ts runs compute handlers against one)',
  'hsim compare sim.json replay.json': 'needs the replay run above',
  'hsim compare sim.json sim-cores.json replay.json': 'needs the replay run above',
  'hsim convert azure2021 AzureFunctionsInvocationTraceForTwoWeeksJan2021.txt -o traces/azure2021.csv.gz': 'the full public Azure trace (not in the repository)',
  'hsim convert swf LPC-EGEE-2004-1.2-cln.swf.gz --preset lpc-egee -o traces/lpc-egee.csv.gz': 'the public LPC-EGEE log (real-swf.test.ts converts it when ../shared is present)',
  'hsim convert swf CTC-SP2-1996-3.1-cln.swf.gz --check': 'a public SWF log (not in the repository)',
  'hsim run experiments/example-run.json --jobs 2': 'needs the 200k-row generated trace of a fixed SHA-256 (minutes)',
  'hsim run experiments/example-run.json --shard 1/2 -o out/shard1': 'as above',
  'hsim merge out/shard1 out/shard2 -o out/all': 'needs both shards above',
  'hsim generate serverless -o out/traces/serverless-100k.csv --seed 1': 'the sweep trace below (100k rows)',
  'hsim sweep experiments/sensitivity.json --jobs 2 --unfrozen': 'a sweep on 100k rows (minutes); demo.test.ts runs a small sweep',
  'hsim demo -o out/demo': 'demo.test.ts runs it on a small trace',
};

let all: { command: string; line: string }[] = [];

beforeAll(() => {
  cpSync(join(root, 'experiments'), join(dir, 'experiments'), { recursive: true });
  mkdirSync(join(dir, 'out', 'results'), { recursive: true });
  for (const [args, what] of [
    [['generate', 'serverless', '-o', 'trace.csv.gz', '--n', '3000', '--seed', '3'], 'trace.csv.gz'],
    [['generate', 'serverless', '-o', 'trace.csv', '--n', '3000', '--seed', '3'], 'trace.csv'],
    [['generate', 'prodflow', '-o', 'out/prodflow.csv'], 'out/prodflow.csv'],
    [['simulate', 'trace.csv.gz', '--arm', 'fifo', '--arm', 'predictive+weights+pausing', '--load', '0.5,0.8', '-o', 'out/results.json'], 'out/results.json'],
  ] as const) {
    const r = hsim(args);
    if (r.code !== 0) throw new Error(`setup ${what}: ${r.out}`);
  }
  copyFileSync(join(root, 'converters', 'fixtures', 'huawei2025-r1-sample.csv'), join(dir, 'R1.csv'));
  writeFileSync(join(dir, 'jobs.csv'), 'finished,took,user,app\n10,2,u1,a\n12,1,u2,b\n15,4,u1,a\n');
  all = COMMANDS.flatMap((command) => examples(hsim([command, '--help']).out).map((line) => ({ command, line })));
}, 300_000);

describe('help examples', () => {
  it('finds examples in the help of most commands, and every skipped one still exists', () => {
    expect(new Set(all.map((e) => e.command)).size).toBeGreaterThanOrEqual(12);
    const lines = new Set(all.map((e) => e.line));
    for (const skipped of Object.keys(NOT_RUN)) expect(lines.has(skipped), `NOT_RUN lists "${skipped}", which no help shows any more`).toBe(true);
  });
  it('runs every other example as written (exit 0; a gate check may report a failed gate with 1)', () => {
    const failures: string[] = [];
    for (const { line } of all) {
      if (NOT_RUN[line] !== undefined) continue;
      const r = hsim(words(line));
      const ok = r.code === 0 || (line.startsWith('hsim gate check') && r.code === 1);
      if (!ok) failures.push(`${line}\n  exit ${r.code}: ${r.out.trim().split('\n').slice(-3).join(' | ')}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);
  it('reads the examples of a help text, joining continued lines and dropping comments', () => {
    expect(examples('Usage\n\nExample:\n  $ hsim a b \\\n    c   # note\n  hsim d &\n')).toEqual(['hsim a b c', 'hsim d']);
    expect(examples('no examples here')).toEqual([]);
  });
});
