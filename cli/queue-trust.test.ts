// Distributed runs that trust nothing: a killed worker's cell redone in seconds, untrusted jobs refused, returned cells
// checked, one run per output folder. Queue tests use the real Redis at $HSIM_REDIS_URL (they say so when they skip).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/io/provenance-io.ts';
import { MMC_DEFAULTS, SERVERLESS_DEFAULTS } from '../src/config/generator-defaults.ts';
import type { CellTask } from '../experiments/cell-task.ts';
import { LOCK_MS } from '../experiments/cell-queue.ts';

const root = repositoryRoot();
const redisUrl = process.env.HSIM_REDIS_URL;
if (!redisUrl) console.warn('skipping the queue trust tests that need Redis: HSIM_REDIS_URL is not set (e.g. redis://127.0.0.1:6379)');
let dir = '';
let sha = '';
/** The merged results of the local run, normalised (see `normalised`). */
let reference = '';
const SECRET = 'HSIM-SECRET-9d2e';

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache'), HSIM_TEST_SECRET: SECRET, ...extra };
}

function hsim(...args: string[]): { code: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, encoding: 'utf8', env: env() });
  return { code: r.status, stderr: r.stderr };
}

/** A child `hsim …` with its stderr collected; `exited` resolves to its exit code. */
function child(args: string[], extra: Record<string, string> = {}): { p: ChildProcess; stderr: () => string; exited: Promise<number | null> } {
  const p = spawn(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], env: env(extra) });
  let text = '';
  p.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => p.on('exit', (code) => resolve(code)));
  return { p, stderr: () => text, exited };
}

async function until(cond: () => boolean, what: string, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A result file without the timing field `sim_seconds` and the git commit (the lead may commit while tests run). */
function normalised(path: string): string {
  return readFileSync(path, 'utf8').split('\n').filter((l) => !/^\s*"(sim_seconds|commit)":/.test(l)).join('\n');
}

async function stop(c: { p: ChildProcess; exited: Promise<number | null> }): Promise<void> {
  if (c.p.exitCode === null && c.p.signalCode === null) c.p.kill('SIGTERM');
  await c.exited;
}

/** Removes a queue's keys from Redis (jobs, events, meta), so tests leave nothing behind. */
async function obliterate(url: string, name: string): Promise<void> {
  const { Queue } = await import('bullmq');
  const u = new URL(url);
  const queue = new Queue(name, { connection: { host: u.hostname, port: Number(u.port || 6379), maxRetriesPerRequest: null } });
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
}

describe.skipIf(!redisUrl)('hsim run --queue with workers that die or cannot be trusted (real Redis)', () => {
  const queueName = `hsim-qtrust-${process.pid}`;
  const url = redisUrl ?? '';

  beforeAll(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'hsim-qtrust-')));
    // 400,000 rows: a worker thread needs a good part of a second to hash and read the trace, then to run a cell, so a
    // kill right after "started" lands mid-cell.
    const g = hsim('generate', 'serverless', '-o', 'big.csv', '--n', '400000', '--keys', '50', '--seed', '3');
    expect(g.code, g.stderr).toBe(0);
    sha = (JSON.parse(readFileSync(join(dir, 'big.meta.json'), 'utf8')) as { sha256: string }).sha256;
    writeFileSync(join(dir, 'exp.json'), JSON.stringify({
      id: 'kill-exp', traces: [{ path: 'big.csv', sha256: sha }], loads: [0.5, 0.9], arms: ['fifo', 'predictive'], windows: 5, out: 'out/default',
    }));
    const r = hsim('run', 'exp.json', '-o', 'out/ref', '--quiet');
    expect(r.code, r.stderr).toBe(0);
    reference = normalised(join(dir, 'out/ref/results.json'));
  }, 300_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('locks the output folder: a second run is exit 2 naming the first; a killed run\'s lock is taken over', async () => {
    const { Queue } = await import('bullmq');
    const name = `${queueName}-lock`;
    // A queued run with no worker holds its folder's lock for as long as it waits.
    const first = child(['run', 'exp.json', '--queue', url, '--queue-name', name, '-o', 'out/locked', '--quiet']);
    const u = new URL(url);
    const queue = new Queue(name, { connection: { host: u.hostname, port: Number(u.port || 6379), maxRetriesPerRequest: null } });
    try {
      await until(() => existsSync(join(dir, 'out/locked/.hsim-run.lock')) || first.p.exitCode !== null, 'the lock file');
      const second = hsim('run', 'exp.json', '-o', 'out/locked', '--quiet');
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(`output folder out/locked is in use by hsim run process ${first.p.pid} on`);
      expect(existsSync(join(dir, 'out/locked/cells'))).toBe(false);
      first.p.kill('SIGKILL');
      await first.exited;
      const third = hsim('run', 'exp.json', '-o', 'out/locked', '--quiet');
      expect(third.code, third.stderr).toBe(0);
      expect(third.stderr).toContain(`warning: taking over out/locked/.hsim-run.lock, left by hsim run process ${first.p.pid} on`);
      expect(existsSync(join(dir, 'out/locked/.hsim-run.lock'))).toBe(false);
      expect(normalised(join(dir, 'out/locked/results.json'))).toBe(reference);
      // No cell of a local run names a worker.
      for (const f of readdirSync(join(dir, 'out/locked/cells')).filter((n) => n.endsWith('.json'))) expect(readFileSync(join(dir, 'out/locked/cells', f), 'utf8')).not.toContain('queue_worker');
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
  }, 300_000);

  it('a worker killed -9 mid-cell: its cell is redone by the other within 60 s, results equal the local run', async () => {
    const name = `${queueName}-kill`;
    const workers = ['a', 'b'].map((n) => child(['worker', '--queue', url, '--queue-name', name, '--name', n]));
    try {
      await until(() => workers.every((w) => w.stderr().includes('serving queue')), 'the workers to start');
      const run = child(['run', 'exp.json', '--queue', url, '--queue-name', name, '-o', 'out/killed', '--quiet'], { HSIM_QUEUE_NOTICE_MS: '500' });
      const [a, b] = workers as [ReturnType<typeof child>, ReturnType<typeof child>];
      await until(() => / started/.test(a.stderr()) || run.p.exitCode !== null, 'worker a to start a cell');
      a.p.kill('SIGKILL');
      const killedAt = Date.now();
      const cell = /cell (\S+) started/.exec(a.stderr())![1]!;
      expect(await run.exited, run.stderr()).toBe(0);
      // LOCK_MS for the lock to lapse, a stalled check, the cell itself: far inside the 60 s asked for.
      expect(Date.now() - killedAt).toBeLessThan(60_000);
      expect(a.stderr()).not.toContain(`cell ${cell} done`);
      expect(b.stderr()).toContain(`cell ${cell} done`);
      expect(normalised(join(dir, 'out/killed/results.json'))).toBe(reference);
      // Each cell file records its worker (b for the dead worker's cell); the coordinator said who held which cell.
      const redone = JSON.parse(readFileSync(join(dir, 'out/killed/cells', `${cell}.json`), 'utf8')) as { queue_worker: string };
      expect(redone.queue_worker).toBe('b');
      expect(run.stderr()).toMatch(/waiting: \d+ of 4 cells left: \S+ on worker [ab] \(\d+ s\)/);
    } finally {
      await Promise.all(workers.map(stop));
      await obliterate(url, name);
    }
  }, 300_000);

  it('refuses untrusted jobs without reading, writing or echoing a file; malformed JSON fails at once', async () => {
    const { Queue } = await import('bullmq');
    const name = `${queueName}-rogue-jobs`;
    const data = join(dir, 'data');
    mkdirSync(data, { recursive: true });
    const cache = join(dir, 'worker-cache');
    const worker = child(['worker', '--queue', url, '--queue-name', name, '--data', data], { HSIM_CACHE_DIR: cache });
    const u = new URL(url);
    const queue = new Queue(name, { connection: { host: u.hostname, port: Number(u.port || 6379), maxRetriesPerRequest: null } });
    try {
      await until(() => worker.stderr().includes('serving queue'), 'the worker to start');
      const task = {
        id: 'big.0.5.fifo.0000000000', tracePath: join(data, 'big.csv'), traceLabel: 'big.csv', traceSha256: sha, load: '0.5', armText: 'fifo', key: 'fifo',
        levels: 3, workers: 64, seed: 1, split: 'time', fraction: 0.5, windows: 5, windowBy: 'time', cache: false,
        block: {
          id: 'big.0.5.fifo.0000000000', index: 0, experiment: 'kill-exp', experiment_hash: 'b'.repeat(64), cells_total: 4, trace_name: 'big', load: '0.5',
          arm: 'fifo', overrides: {}, repeat: 0, key: 'fifo', base: { levels: 3, workers: 64, seed: 1 },
        },
      } satisfies CellTask;
      const spec = { kind: 'serverless', options: { ...SERVERLESS_DEFAULTS } };
      const jobs: Record<string, unknown> = {
        environ: { ...task, tracePath: '/proc/self/environ' },
        shadow: { ...task, tracePath: '/etc/shadow' },
        dotdot: { ...task, tracePath: `${data}/../exp.json` },
        huge: { ...task, generate: { spec: { ...spec, options: { ...spec.options, n: 1e12 } }, seed: 1 } },
        seedpath: { ...task, generate: { spec, seed: '1/../../X' } },
        shape: { hello: 'world' },
        types: { ...task, levels: 'three', cache: 'yes' },
      };
      for (const [id, d] of Object.entries(jobs)) await queue.add('cell', d, { jobId: id, attempts: 1 });
      // Malformed JSON: a delayed job whose data is overwritten in Redis, then promoted.
      const delayed = await queue.add('cell', {}, { jobId: 'malformed', delay: 60_000, attempts: 1 });
      const client = await queue.client;
      await client.hset(`bull:${name}:malformed`, { data: '{"tracePath": "/etc/shadow", oops' });
      await delayed.promote();
      const ids = [...Object.keys(jobs), 'malformed'];
      // The malformed job's data cannot be parsed by Queue.getJob either: ask its state by id.
      const states = async (): Promise<string[]> => Promise.all(ids.map(async (id) => queue.getJobState(id)));
      for (let i = 0; i < 6000 && (await states()).some((s) => s !== 'failed'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(await states()).toEqual(ids.map(() => 'failed'));
      const reasons = Object.fromEntries(await Promise.all(ids.map(async (id) => [id, (await client.hget(`bull:${name}:${id}`, 'failedReason')) ?? ''] as const)));
      expect(reasons['environ']).toContain('queue job → tracePath: "/proc/self/environ" is outside the folders this worker reads');
      expect(reasons['shadow']).toContain('queue job → tracePath: "/etc/shadow" is outside the folders this worker reads');
      expect(reasons['dotdot']).toContain('queue job → tracePath');
      expect(reasons['huge']).toContain('queue job → generate.spec.n: 1000000000000; expected an integer from 1 to 100000000');
      expect(reasons['seedpath']).toContain('queue job → generate.seed: "1/../../X"');
      expect(reasons['shape']).toContain('queue job → hello: an unknown field');
      expect(reasons['types']).toContain('queue job → levels: "three"');
      expect(reasons['malformed']).toContain('queue job: its data is not JSON');
      for (const r of Object.values(reasons)) {
        expect(r).not.toContain(SECRET);
        expect(r).not.toContain('kill-exp');
      }
      // Failed at once, not after its lock lapsed and a stalled check gave up on it.
      const [processedOn, finishedOn] = (await client.hmget(`bull:${name}:malformed`, 'processedOn', 'finishedOn')).map(Number);
      expect(finishedOn! - processedOn!).toBeLessThan(LOCK_MS);
      // Nothing written: no generated trace, no cache file.
      expect(existsSync(cache)).toBe(false);
      expect(readdirSync(data)).toEqual([]);
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await stop(worker);
    }
  }, 300_000);

  it('a worker stopped by SIGTERM mid-generation puts the cell back on the queue and removes its temporary files', async () => {
    const { Queue } = await import('bullmq');
    const name = `${queueName}-sigterm`;
    const cache = join(dir, 'sigterm-cache');
    const worker = child(['worker', '--queue', url, '--queue-name', name], { HSIM_CACHE_DIR: cache });
    const u = new URL(url);
    const queue = new Queue(name, { connection: { host: u.hostname, port: Number(u.port || 6379), maxRetriesPerRequest: null } });
    try {
      await until(() => worker.stderr().includes('serving queue'), 'the worker to start');
      const spec = { kind: 'mmc', options: { ...MMC_DEFAULTS, n: 50_000_000 } };
      await queue.add('cell', {
        id: 'gen.0.5.fifo.0000000000', tracePath: join(dir, 'elsewhere', 'gen.csv'), traceLabel: 'generate:serverless', traceSha256: 'a'.repeat(64), load: '0.5',
        armText: 'fifo', key: 'fifo', levels: 3, workers: 64, seed: 1, split: 'time', fraction: 0.5, windows: 5, windowBy: 'time', cache: false,
        block: {
          id: 'gen.0.5.fifo.0000000000', index: 0, experiment: 'gen', experiment_hash: 'b'.repeat(64), cells_total: 1, trace_name: 'gen', load: '0.5',
          arm: 'fifo', overrides: {}, repeat: 0, key: 'fifo', base: { levels: 3, workers: 64, seed: 1 },
        },
        generate: { spec, seed: 1 },
      } satisfies CellTask, { jobId: 'gen', attempts: 1 });
      const temps = (): string[] => (existsSync(join(cache, 'generated')) ? readdirSync(join(cache, 'generated')).filter((f) => f.endsWith('.tmp')) : []);
      await until(() => temps().length > 0, 'the generated trace\'s temporary file');
      worker.p.kill('SIGTERM');
      expect(await worker.exited, worker.stderr()).toBe(0);
      expect(readdirSync(join(cache, 'generated')), worker.stderr()).toEqual([]);
      expect(await (await queue.getJob('gen'))!.getState()).toBe('waiting');
    } finally {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      await stop(worker);
    }
  }, 300_000);

  it('refuses what a rogue worker returns (a path as the id, altered metrics): nothing written outside out/cells', async () => {
    const { Worker } = await import('bullmq');
    const name = `${queueName}-rogue-worker`;
    const u = new URL(url);
    let served = 0;
    const rogue = new Worker(name, async (job) => {
      const id = (job.data as CellTask).id;
      const honest = JSON.parse(readFileSync(join(dir, 'out/ref/cells', `${id}.json`), 'utf8')) as { results: Record<string, { arms: Record<string, { all: { count: number } }> }> };
      served++;
      if (served % 2 === 1) return { ok: true, id: '../../../package', text: JSON.stringify(honest), worker: 'rogue' };
      for (const load of Object.values(honest.results)) for (const arm of Object.values(load.arms)) arm.all.count += 1;
      return { ok: true, id, text: JSON.stringify(honest), worker: 'rogue' };
    }, { connection: { host: u.hostname, port: Number(u.port || 6379), maxRetriesPerRequest: null } });
    try {
      await rogue.waitUntilReady();
      const run = child(['run', 'exp.json', '--queue', url, '--queue-name', name, '-o', 'out/rogue', '--quiet']);
      expect(await run.exited).toBe(3);
      expect(run.stderr()).toContain('from worker rogue refused: the id "../../../package", not the cell\'s');
      expect(run.stderr()).toMatch(/from worker rogue refused: all\.count \d+; expected the \d+ evaluation rows/);
      expect(run.stderr()).toContain('the cell goes back on the queue (retry 1 of 2)');
      expect(run.stderr()).toContain('4 of 4 cells failed');
      expect(existsSync(join(dir, 'package.json'))).toBe(false);
      expect(existsSync(join(dir, 'out/rogue/cells')) ? readdirSync(join(dir, 'out/rogue/cells')) : []).toEqual([]);
    } finally {
      await rogue.close();
      await obliterate(url, name);
    }
  }, 300_000);
});
