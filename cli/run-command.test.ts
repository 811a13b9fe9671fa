// `hsim run`, `hsim worker` and `hsim sweep` end to end: cells in parallel, resume, shards, queues without Redis.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/io/provenance-io.ts';
import { schemaIssues } from '../src/json/json-schema-io.ts';

const root = repositoryRoot();
let dir = '';
let sha = '';
/** The merged results of the uninterrupted `--jobs 1` run, normalised (see `normalised`). */
let reference = '';

function hsim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function hsimChild(...args: string[]): ChildProcess {
  return spawn(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') } });
}

/** A result file without the timing field `sim_seconds` and the git commit (the lead may commit while tests run). */
function normalised(path: string): string {
  return readFileSync(path, 'utf8').split('\n').filter((l) => !/^\s*"(sim_seconds|commit)":/.test(l)).join('\n');
}

function writeJson(name: string, value: unknown): string {
  writeFileSync(join(dir, name), JSON.stringify(value, null, 2));
  return name;
}

/** 3 arms × 2 loads × 2 override sets = 12 cells on the generated trace. */
function experiment(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'test-exp',
    traces: [{ path: 'trace.csv', sha256: sha }],
    loads: [0.5, 0.9],
    arms: ['fifo', 'oracle+weights+pausing', 'static-history'],
    overrides: [{}, { aging: 1000 }],
    windows: 7,
    out: 'out/default',
    ...extra,
  };
}

function snapshot(cellsDir: string): Map<string, { mtimeMs: number; bytes: string }> {
  const m = new Map<string, { mtimeMs: number; bytes: string }>();
  for (const f of readdirSync(cellsDir)) m.set(f, { mtimeMs: statSync(join(cellsDir, f)).mtimeMs, bytes: readFileSync(join(cellsDir, f), 'utf8') });
  return m;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hsim-exp-'));
  const g = hsim('generate', 'serverless', '-o', 'trace.csv', '--n', '20000', '--keys', '50', '--seed', '3');
  expect(g.code, g.stderr).toBe(0);
  sha = (JSON.parse(readFileSync(join(dir, 'trace.meta.json'), 'utf8')) as { sha256: string }).sha256;
  writeJson('exp.json', experiment());
  const r = hsim('run', 'exp.json', '--jobs', '1', '-o', 'out/ref', '--quiet');
  expect(r.code, r.stderr).toBe(0);
  reference = normalised(join(dir, 'out/ref/results.json'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('hsim run', () => {
  it('writes 12 cells and merged results keyed arm / arm@param=value; a cell equals hsim simulate', () => {
    const cellFiles = readdirSync(join(dir, 'out/ref/cells'));
    expect(cellFiles.filter((f) => f.endsWith('.json'))).toHaveLength(12);
    expect(cellFiles.filter((f) => f.endsWith('.json.sha256'))).toHaveLength(12); // each cell's hash, checked by merge
    const merged = JSON.parse(readFileSync(join(dir, 'out/ref/results.json'), 'utf8')) as { trace: { sha256: string }; results: Record<string, { arms: Record<string, unknown> }> };
    expect(merged.trace.sha256).toBe(sha);
    expect(Object.keys(merged.results).sort()).toEqual(['0.5', '0.9']);
    expect(Object.keys(merged.results['0.9']!.arms).sort()).toEqual(['fifo', 'fifo@aging=1000', 'oracle+weights+pausing', 'oracle+weights+pausing@aging=1000', 'static-history', 'static-history@aging=1000']);
    const sim = hsim('simulate', 'trace.csv', '--arm', 'oracle+weights+pausing@aging=1000', '--arm', 'fifo', '--load', '0.9', '-o', 'sim.json', '--quiet');
    expect(sim.code, sim.stderr).toBe(0);
    const simulated = JSON.parse(readFileSync(join(dir, 'sim.json'), 'utf8')) as typeof merged;
    const strip = (v: unknown): string => JSON.stringify(v, (k, x: unknown) => (k === 'sim_seconds' ? undefined : x));
    for (const arm of ['fifo', 'oracle+weights+pausing@aging=1000']) expect(strip(merged.results['0.9']!.arms[arm])).toBe(strip(simulated.results['0.9']!.arms[arm]));
  });

  it('gives the same bytes with --jobs 2 as with --jobs 1 (apart from sim_seconds)', () => {
    const r = hsim('run', 'exp.json', '--jobs', '2', '-o', 'out/j2', '--quiet');
    expect(r.code, r.stderr).toBe(0);
    expect(normalised(join(dir, 'out/j2/results.json'))).toBe(reference);
  });

  it('resumes a run killed part-way: finished cells untouched, results identical to an uninterrupted run', async () => {
    const cellsDir = join(dir, 'out/killed/cells');
    const child = hsimChild('run', 'exp.json', '--jobs', '1', '-o', 'out/killed', '--quiet');
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    for (let i = 0; i < 2000; i++) {
      if (existsSync(cellsDir) && readdirSync(cellsDir).filter((f) => f.endsWith('.json')).length >= 3) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill('SIGKILL');
    await exited;
    const before = snapshot(cellsDir);
    const finished = [...before.keys()].filter((f) => f.endsWith('.json'));
    expect(finished.length).toBeGreaterThanOrEqual(3);
    expect(finished.length).toBeLessThan(12);
    expect(existsSync(join(dir, 'out/killed/results.json'))).toBe(false);
    for (const f of finished) expect(() => JSON.parse(before.get(f)!.bytes) as unknown).not.toThrow();

    const r = hsim('run', 'exp.json', '--jobs', '1', '--resume', '-o', 'out/killed', '--quiet');
    expect(r.code, r.stderr).toBe(0);
    const after = snapshot(cellsDir);
    for (const f of finished) {
      expect(after.get(f)?.mtimeMs).toBe(before.get(f)!.mtimeMs);
      expect(after.get(f)?.bytes).toBe(before.get(f)!.bytes);
    }
    expect([...after.keys()].filter((f) => f.endsWith('.json'))).toHaveLength(12);
    expect([...after.keys()].filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(normalised(join(dir, 'out/killed/results.json'))).toBe(reference);
  });

  it('joins two shards into the results of one run; refuses conflicting duplicates and missing cells', () => {
    for (const s of ['1/2', '2/2']) {
      const r = hsim('run', 'exp.json', '--shard', s, '-o', `out/shard${s[0]!}`, '--quiet');
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(dir, `out/shard${s[0]!}/results.json`))).toBe(false);
    }
    expect(readdirSync(join(dir, 'out/shard1/cells')).filter((f) => f.endsWith('.json'))).toHaveLength(6);
    const m = hsim('merge', 'out/shard1', 'out/shard2', '-o', 'out/merged', '--quiet');
    expect(m.code, m.stderr).toBe(0);
    expect(normalised(join(dir, 'out/merged/results.json'))).toBe(reference);
    expect(schemaIssues('result', JSON.parse(readFileSync(join(dir, 'out/merged/results.json'), 'utf8')), 'out/merged/results.json')).toEqual([]);

    const partial = hsim('merge', 'out/shard1', '-o', 'out/partial');
    expect(partial.code).toBe(2);
    expect(partial.stderr).toContain('6 of 12 cells');
    expect(existsSync(join(dir, 'out/partial'))).toBe(false);

    // A cell of shard 2 placed in a third folder with one metric changed: a conflicting duplicate.
    const name = readdirSync(join(dir, 'out/shard2/cells'))[0]!;
    mkdirSync(join(dir, 'out/tampered/cells'), { recursive: true });
    const text = readFileSync(join(dir, 'out/shard2/cells', name), 'utf8').replace(/"mean_latency_ms": [0-9.e+-]+/, '"mean_latency_ms": 1');
    writeFileSync(join(dir, 'out/tampered/cells', name), text);
    const c = hsim('merge', 'out/shard1', 'out/shard2', 'out/tampered', '-o', 'out/conflict');
    expect(c.code).toBe(2);
    expect(c.stderr).toContain(`conflicts with`);
    expect(existsSync(join(dir, 'out/conflict'))).toBe(false);
  });

  it('refuses bad input with every problem, exit 2 and nothing written', () => {
    writeJson('bad.json', experiment({
      traces: [{ path: 'trace.csv', sha256: sha }, { path: 'missing.csv', sha256: sha }],
      arms: ['fifo', 'nosuch+weights'],
      overrides: [{}, { 'predictor.nope': 3 }],
      out: 'out/bad',
    }));
    const r = hsim('run', 'bad.json');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("bad.json → overrides[1].predictor.nope: an unknown predictor parameter 'nope'");
    writeJson('bad2.json', experiment({ traces: [{ path: 'trace.csv', sha256: sha }, { path: 'missing.csv', sha256: sha }], arms: ['fifo', 'nosuch+weights'], out: 'out/bad' }));
    const r2 = hsim('run', 'bad2.json');
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('bad2.json → arms[1]');
    expect(r2.stderr).toContain('unknown routing "nosuch"');
    expect(r2.stderr).toContain('bad2.json → traces[1].path: "missing.csv"');
    const r3 = hsim('run', 'exp.json', '--jobs', '0', '--shard', '3/2', '-o', 'out/bad');
    expect(r3.code).toBe(2);
    expect(r3.stderr).toContain('option --jobs: "0"');
    expect(r3.stderr).toContain('option --shard: "3/2"');
    expect(existsSync(join(dir, 'out/bad'))).toBe(false);
  });

  it('refuses a trace whose SHA-256 differs from the experiment\'s', () => {
    const lines = readFileSync(join(dir, 'trace.csv'), 'utf8').split('\n');
    const fields = lines[5]!.split(',');
    fields[1] = String(Number(fields[1]) + 1);
    lines[5] = fields.join(',');
    writeFileSync(join(dir, 'changed.csv'), lines.join('\n'));
    writeJson('changed.json', experiment({ traces: [{ path: 'changed.csv', sha256: sha }], out: 'out/changed' }));
    const r = hsim('run', 'changed.json');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/changed\.csv: SHA-256 [0-9a-f]{64}; expected [0-9a-f]{64} as the experiment records/);
    expect(existsSync(join(dir, 'out/changed'))).toBe(false);
  });
});

let nextPort = 20000 + ((process.pid * 37) % 12000);

/** A free TCP port below 32768 (outside the ephemeral range), scanned from a per-process start. */
async function freePort(): Promise<number> {
  for (;;) {
    nextPort = nextPort >= 32000 ? 20000 : nextPort + 1;
    const port = nextPort;
    const ok = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return port;
  }
}

const redisBinary = spawnSync('redis-server', ['--version']).status === 0;
const redisEnv = process.env.HSIM_REDIS_URL;
if (!redisEnv && !redisBinary) console.warn('skipping the BullMQ queue tests: neither HSIM_REDIS_URL nor a redis-server binary (apt-get install -y redis-server)');

describe.skipIf(!redisEnv && !redisBinary)('hsim run --queue and hsim worker (real Redis)', () => {
  let redis: ChildProcess | null = null;
  let url = redisEnv ?? '';
  const queueName = `hsim-test-${process.pid}`;

  beforeAll(async () => {
    if (redisEnv) return;
    const port = await freePort();
    const scratch = mkdtempSync(join(tmpdir(), 'hsim-redis-'));
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', scratch], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') break;
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  afterAll(async () => {
    if (redis) {
      const gone = new Promise((r) => redis!.on('exit', r));
      redis.kill('SIGTERM');
      await gone;
    }
  });

  it('two hsim worker processes (one with two threads) give the results of a local run', async () => {
    const workers = [0, 1].map((i) => hsimChild('worker', '--queue', url, '--queue-name', queueName, ...(i === 1 ? ['--jobs', '2'] : [])));
    const logs = workers.map((w) => {
      let text = '';
      w.stderr!.on('data', (d: Buffer) => (text += d.toString()));
      return () => text;
    });
    try {
      const r = await new Promise<number | null>((resolve) => {
        const c = hsimChild('run', 'exp.json', '--queue', url, '--queue-name', queueName, '-o', 'out/queued', '--quiet');
        c.on('exit', (code) => resolve(code));
      });
      expect(r).toBe(0);
      expect(normalised(join(dir, 'out/queued/results.json'))).toBe(reference);
      // Both workers took part (each logs the cells it finished).
      const counts = logs.map((l) => (l().match(/ done/g) ?? []).length);
      expect(counts[0]! + counts[1]!).toBe(12);
    } finally {
      await Promise.all(workers.map((w) => new Promise((resolve) => {
        w.on('exit', resolve);
        w.kill('SIGTERM');
      })));
    }
  });
  it('says when no worker is connected, and finishes once one is', async () => {
    const name = `${queueName}-late`;
    const run = spawn(process.execPath, [join(root, 'bin', 'hsim.js'), 'run', 'exp.json', '--queue', url, '--queue-name', name, '-o', 'out/late', '--quiet'], {
      cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache'), HSIM_QUEUE_NOTICE_MS: '200' },
    });
    let stderr = '';
    run.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => run.on('exit', resolve));
    for (let i = 0; i < 300 && !stderr.includes('no worker is connected'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(stderr).toContain(`cells left on ${url} queue ${name}, and no worker is connected; start one with \`hsim worker --queue ${url} --queue-name ${name}\``);
    const worker = hsimChild('worker', '--queue', url, '--queue-name', name);
    try {
      expect(await exited, stderr).toBe(0);
      expect(normalised(join(dir, 'out/late/results.json'))).toBe(reference);
    } finally {
      await new Promise((resolve) => {
        worker.on('exit', resolve);
        worker.kill('SIGTERM');
      });
    }
  });
});

describe('hsim run/worker --queue without Redis', () => {
  it('refuses an unreachable Redis with exit 2 and writes nothing', async () => {
    const port = await freePort();
    const r = hsim('run', 'exp.json', '--queue', `redis://127.0.0.1:${port}`, '-o', 'out/unreachable');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot reach Redis at redis://127.0.0.1:${port}`);
    expect(existsSync(join(dir, 'out/unreachable'))).toBe(false);
    const w = hsim('worker', '--queue', `redis://127.0.0.1:${port}`);
    expect(w.code).toBe(2);
    expect(w.stderr).toContain(`cannot reach Redis at redis://127.0.0.1:${port}`);
  });
});

describe('hsim sweep', () => {
  it('judges every variant with the gate and records flips against the base verdict', () => {
    const gate = JSON.parse(readFileSync(join(root, 'experiments/gates/weights-pausing-vs-fifo.sim.json'), 'utf8')) as Record<string, unknown>;
    const criteria = gate['criteria'] as Record<string, Record<string, unknown>>;
    // oracle routing stands in for the predictive arm; a 5 % bar; the long-class guardrail is left out (no long waits at low load).
    writeJson('gate.json', {
      ...gate, id: 'oracle-vs-fifo.test', bootstrap: { ...(gate['bootstrap'] as object), samples: 1000 },
      criteria: { mean_vs_fifo: { ...criteria['mean_vs_fifo'], arm: 'oracle+weights+pausing', limit: -0.05 }, p99_ratio: { ...criteria['p99_ratio'], arm: 'oracle+weights+pausing' } },
      gate: ['mean_vs_fifo', 'p99_ratio'],
    });
    const sweep = {
      id: 'sweep-test', gate: 'gate.json', traces: [{ path: 'trace.csv', sha256: sha }], loads: [0.95], windows: 7,
      // aging after 1 ms promotes every message at once: close to FIFO, so the improvement should vanish.
      parameters: { aging: [1, 'off'], levels: [2] },
      out: 'out/sweep',
    };
    writeJson('sweep.json', sweep);
    const unfrozen = hsim('sweep', 'sweep.json');
    expect(unfrozen.code).toBe(2);
    expect(unfrozen.stderr).toContain('which is not frozen');
    expect(existsSync(join(dir, 'out/sweep'))).toBe(false);

    expect(hsim('gate', 'freeze', 'gate.json').code).toBe(0);
    const r = hsim('sweep', 'sweep.json', '--jobs', '2', '--quiet');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(readFileSync(join(dir, 'out/sweep/sweep.json'), 'utf8')) as {
      sweep: string; gate: string; gate_frozen: boolean; mode: string; variants: { id: string }[];
      verdicts: { trace: string; trace_sha256: string; load: string; variant: string; passed: boolean; flipped: boolean; criteria: Record<string, Record<string, unknown>> }[];
    };
    expect(Object.keys(out).sort()).toEqual(['gate', 'gate_frozen', 'mode', 'sweep', 'variants', 'verdicts']);
    expect(out).toMatchObject({ sweep: 'sweep-test', gate: 'gate.json', gate_frozen: true, mode: 'one-at-a-time' });
    expect(out.variants.map((v) => v.id)).toEqual(['base', 'aging=1', 'aging=off', 'levels=2']);
    expect(out.verdicts.map((v) => v.variant)).toEqual(['base', 'aging=1', 'aging=off', 'levels=2']);
    const base = out.verdicts[0]!;
    for (const v of out.verdicts) {
      expect(v).toMatchObject({ trace: 'trace', trace_sha256: sha, load: '0.95' });
      expect(v.flipped).toBe(v.passed !== base.passed);
      expect(Object.keys(v.criteria).sort()).toEqual(['mean_vs_fifo', 'p99_ratio']);
      expect(Object.keys(v.criteria['mean_vs_fifo']!).sort()).toEqual(['high', 'low', 'point', 'status']);
    }
    const byId = new Map(out.verdicts.map((v) => [v.variant, v]));
    expect(byId.get('aging=1')!.criteria['mean_vs_fifo']!['point'] as number).toBeGreaterThan(base.criteria['mean_vs_fifo']!['point'] as number);
    expect(r.stdout).toContain('gate gate.json (frozen)');
    expect(r.stdout).toMatch(/trace\s+load\s+variant\s+verdict\s+flipped\s+mean_vs_fifo\s+p99_ratio/);

    // One writer per output folder, as for hsim run: the lock is gone after the sweep, and a folder that a live
    // process holds is refused (exit 2, naming it) before any cell is run.
    const lock = join(dir, 'out/sweep/.hsim-run.lock');
    expect(existsSync(lock)).toBe(false);
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), command: 'sweep' }));
    const sweepBytes = readFileSync(join(dir, 'out/sweep/sweep.json'));
    const held = hsim('sweep', 'sweep.json', '--resume', '--quiet');
    expect(held.code).toBe(2);
    expect(held.stderr).toContain(`is in use by hsim sweep process ${process.pid} on ${hostname()}`);
    expect(readFileSync(join(dir, 'out/sweep/sweep.json')).equals(sweepBytes)).toBe(true);
    rmSync(lock);
  });

  it('judges the variants with several gates ("gates") and sweep-summary covers each', () => {
    // Two unfrozen gates over the same arms: the p99 guardrail alone, and the mean improvement at a −5 % bar.
    const gate = JSON.parse(readFileSync(join(root, 'experiments/gates/weights-pausing-vs-fifo.sim.json'), 'utf8')) as Record<string, unknown>;
    const criteria = gate['criteria'] as Record<string, Record<string, unknown>>;
    const arm = 'oracle+weights+pausing';
    const bootstrap = { ...(gate['bootstrap'] as object), samples: 1000 };
    writeJson('gate-mean.json', { ...gate, id: 'mean.test', bootstrap, criteria: { mean_vs_fifo: { ...criteria['mean_vs_fifo'], arm, limit: -0.05 } }, gate: ['mean_vs_fifo'] });
    writeJson('gate-p99.json', { ...gate, id: 'p99.test', bootstrap, criteria: { p99_ratio: { ...criteria['p99_ratio'], arm } }, gate: ['p99_ratio'] });
    writeJson('sweep2.json', {
      id: 'sweep-gates', gates: ['gate-mean.json', 'gate-p99.json'], gate_unfrozen: true, traces: [{ path: 'trace.csv', sha256: sha }], loads: [0.95], windows: 7,
      parameters: { aging: [1, 'off'] }, out: 'out/sweep2',
    });
    const r = hsim('sweep', 'sweep2.json', '--quiet');
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(readFileSync(join(dir, 'out/sweep2/sweep.json'), 'utf8')) as {
      gate: string; verdicts: { variant: string; passed: boolean }[]; gates: { gate: string; gate_frozen: boolean; verdicts: { variant: string; passed: boolean; criteria: object }[] }[];
    };
    expect(out.gate).toBe('gate-mean.json');
    expect(out.gates.map((g) => [g.gate, g.gate_frozen])).toEqual([['gate-mean.json', false], ['gate-p99.json', false]]);
    expect(out.verdicts).toEqual(out.gates[0]!.verdicts);
    for (const g of out.gates) expect(g.verdicts.map((v) => v.variant)).toEqual(['base', 'aging=1', 'aging=off']);
    expect(Object.keys(out.gates[1]!.verdicts[0]!.criteria)).toEqual(['p99_ratio']);
    expect(r.stdout).toContain('gate gate-mean.json (NOT frozen');
    expect(r.stdout).toContain('gate gate-p99.json (NOT frozen');

    const summary = hsim('sweep-summary', 'out/sweep2/sweep.json', '--json');
    expect(summary.code, summary.stderr).toBe(0);
    const rows = JSON.parse(summary.stdout) as { parameter: string; gate: string; passing: number; total: number }[];
    expect(rows.map((x) => [x.parameter, x.gate, x.total])).toEqual([['aging', 'gate-mean.json', 2], ['aging', 'gate-p99.json', 2]]);
    for (const row of rows) {
      const g = out.gates.find((x) => x.gate === row.gate)!;
      expect(row.passing).toBe(g.verdicts.filter((v) => v.variant !== 'base' && v.passed).length);
    }
  });
});

describe('hsim run on a generated trace ("generate" spec) with replications', () => {
  const spec = { kind: 'serverless', n: 3000, keys: 20, spanMs: 600000, periodMs: 600000 };
  const gen = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    id: 'gen-exp', traces: [{ generate: spec, name: 'faas' }], loads: [0.8], arms: ['fifo', 'predictive'], replications: [1, 2, 3],
    windows: 3, workers: 4, out: 'out/gen', ...extra,
  });

  it('generates the trace per seed, resumes byte-identically, merges shards to the same results, aggregates', () => {
    writeJson('gen.json', gen());
    const r = hsim('run', 'gen.json', '--jobs', '2', '--quiet');
    expect(r.code, r.stderr).toBe(0);
    const made = readdirSync(join(dir, 'out/gen/generated')).filter((f) => f.endsWith('.csv')).sort();
    expect(made.map((f) => f.replace(/-[0-9a-f]{16}\.csv$/, ''))).toEqual(['serverless-s1', 'serverless-s2', 'serverless-s3']);
    const results = JSON.parse(readFileSync(join(dir, 'out/gen/results.json'), 'utf8')) as {
      trace: { path: string; sha256: string }; options: { generated_trace_sha256: Record<string, string> }; replications: { by_load: Record<string, Record<string, unknown>> };
      results: Record<string, { arms: Record<string, unknown> }>;
    };
    expect(results.trace.path).toBe('generate:serverless');
    // Each seed's trace is its own: three different SHA-256, each the one its meta sidecar records.
    const bySeed = results.options.generated_trace_sha256;
    expect(Object.keys(bySeed).sort()).toEqual(['1', '2', '3']);
    expect(new Set(Object.values(bySeed)).size).toBe(3);
    for (const f of made) {
      const meta = JSON.parse(readFileSync(join(dir, 'out/gen/generated', f.replace(/\.csv$/, '.meta.json')), 'utf8')) as { sha256: string };
      expect(Object.values(bySeed)).toContain(meta.sha256);
    }
    expect(Object.keys(results.results['0.8']!.arms).sort()).toEqual(['fifo#s1', 'fifo#s2', 'fifo#s3', 'predictive#s1', 'predictive#s2', 'predictive#s3']);
    expect(Object.keys(results.replications.by_load['0.8']!).sort()).toEqual(['fifo', 'predictive']);

    const cells = snapshot(join(dir, 'out/gen/cells'));
    const traces = snapshot(join(dir, 'out/gen/generated'));
    const again = hsim('run', 'gen.json', '--resume', '--quiet');
    expect(again.code, again.stderr).toBe(0);
    expect(snapshot(join(dir, 'out/gen/cells'))).toEqual(cells);
    expect(snapshot(join(dir, 'out/gen/generated'))).toEqual(traces);

    for (const s of ['1/2', '2/2']) expect(hsim('run', 'gen.json', '--shard', s, '-o', `out/gen-${s[0]}`, '--quiet').code).toBe(0);
    expect(hsim('merge', 'out/gen-1', 'out/gen-2', '-o', 'out/gen-merged').code).toBe(0);
    expect(normalised(join(dir, 'out/gen-merged/results.json'))).toBe(normalised(join(dir, 'out/gen/results.json')));
  });

  it('a cell whose generated trace is not on this machine (a queue worker) generates it into its cache', async () => {
    const { runCellTask } = await import('../experiments/cell-task.ts');
    const cell = readdirSync(join(dir, 'out/gen/cells')).find((f) => f.startsWith('faas.0.8.fifo_s2.'))!;
    const file = JSON.parse(readFileSync(join(dir, 'out/gen/cells', cell), 'utf8')) as { cell: unknown; trace: { sha256: string } };
    const spec2 = JSON.parse(readFileSync(join(dir, 'gen.json'), 'utf8')) as { traces: { generate: Record<string, unknown> }[] };
    const { parseGeneratorSpec } = await import('../src/config/generator-spec.ts');
    const { IssueList } = await import('../src/config/json-shape.ts');
    const parsed = parseGeneratorSpec(spec2.traces[0]!.generate, 'g', new IssueList('gen.json'));
    const cacheDir = join(dir, 'worker-cache');
    const before = process.env.HSIM_CACHE_DIR;
    process.env.HSIM_CACHE_DIR = cacheDir;
    try {
      const task = {
        id: 'w', tracePath: join(dir, 'elsewhere', 'missing.csv'), traceLabel: 'generate:serverless', traceSha256: file.trace.sha256, load: '0.8',
        armText: 'fifo', key: 'fifo#s2', levels: 3, workers: 4, seed: 2, split: 'time', fraction: 0.5, windows: 3, windowBy: 'time', cache: false,
        block: file.cell as never, generate: { spec: parsed!, seed: 2 },
      };
      const out = await runCellTask(task);
      expect(out.ok, out.ok ? '' : out.message).toBe(true);
      expect(readdirSync(join(cacheDir, 'generated')).some((f) => f.startsWith('serverless-s2-'))).toBe(true);
      // The wrong seed gives another trace: its SHA-256 is refused.
      const wrong = await runCellTask({ ...task, generate: { spec: parsed!, seed: 3 } });
      expect(wrong.ok).toBe(false);
    } finally {
      if (before === undefined) delete process.env.HSIM_CACHE_DIR;
      else process.env.HSIM_CACHE_DIR = before;
    }
  });

  it('refuses a bad generator spec with its JSON path, exit 2, writing nothing', () => {
    writeJson('gen-bad.json', gen({ traces: [{ generate: { kind: 'serverless', n: 'many', seed: 4 } }], out: 'out/gen-bad' }));
    const r = hsim('run', 'gen-bad.json');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('gen-bad.json → traces[0].generate.n: "many"');
    expect(r.stderr).toContain('gen-bad.json → traces[0].generate.seed');
    writeJson('gen-range.json', gen({ traces: [{ generate: { kind: 'serverless', n: 0 } }], out: 'out/gen-range' }));
    const range = hsim('run', 'gen-range.json');
    expect(range.code).toBe(2);
    expect(range.stderr).toContain('gen-range.json → traces[0].generate:');
    expect(existsSync(join(dir, 'out/gen-bad'))).toBe(false);
  });
});
