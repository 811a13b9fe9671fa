// Replays through real brokers checked against the simulator (SPEC §11), broker failures, and bad input.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { HSIM, spawnBroker } from './fixtures/broker-process-fixture.ts';
import { readTrace } from '../../traces/trace-io.ts';
import { simulate } from '../../sim/simulate.ts';
import { buildSimulationConfig } from '../cli/simulate-run.ts';
import { startHarbingerBroker, type RunningBroker } from '../broker/harbinger-server.ts';
import { buildReplayConfig, replayTrace } from './replay-run-io.ts';
import { HarbingerClient } from './harbinger-client.ts';

const AMQP_URL = process.env.HSIM_AMQP_URL;
const REDIS_URL = process.env.HSIM_REDIS_URL;

let dir = '';
let trace = '';

/**
 * ~3,000 evaluation messages: 40 Zipf-popular keys with per-key medians from 3 to 300 ms; at load 0.8 on 8 consumers
 * the evaluation half lasts about 30 s of wall-clock time at time scale 1.
 */
const RUN = { load: '0.8', workers: '8' };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hsim-replay-'));
  trace = join(dir, 'sl.csv');
  const g = spawnSync(process.execPath, [HSIM, 'generate', 'serverless', '-o', trace, '--seed', '7', '--n', '6000', '--keys', '40', '--sigma', '0.5',
    '--min-median-ms', '3', '--max-median-ms', '300', '--span-ms', '600000', '--amplitude', '0'], { encoding: 'utf8' });
  if (g.status !== 0) throw new Error(`generate failed: ${g.stderr}`);
});

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

function options(broker: string, arms: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    broker, arm: arms, load: RUN.load, timeScale: '1', workers: RUN.workers, levels: '3', split: 'time', fraction: '0.5', windows: '28',
    windowBy: 'time', set: [], latenessBound: '10', maxRetries: '3', seed: '1', quiet: true, ...extra,
  };
}

/** Whole-run mean latency per arm from the simulator, for the same trace, load, workers and arms. */
async function simulatedMeans(arms: string[]): Promise<Record<string, number>> {
  const cfg = buildSimulationConfig(options('unused', arms));
  const t = await readTrace(trace, { cache: false });
  const out = simulate(t.trace, cfg);
  return Object.fromEntries(arms.map((a) => [a, out.results[RUN.load]!.arms[a]!.all.mean_latency_ms]));
}

function replayMeans(file: Record<string, unknown>, arms: string[]): Record<string, number> {
  const res = file.results as Record<string, { arms: Record<string, { all: { mean_latency_ms: number } }> }>;
  return Object.fromEntries(arms.map((a) => [a, res[RUN.load]!.arms[a]!.all.mean_latency_ms]));
}

/**
 * Producer lateness bound used by these tests. The CLI default is 10 ms (SPEC §11); the CI machine has 2 cores shared
 * with the brokers and the test runner, where a descheduled process shows p99 lateness of 10–30 ms (measured here).
 */
const TEST_LATENESS_BOUND_MS = '25';

/** The acceptance rule of issue 8: a valid run, means within 10 % of the simulator's, gain over FIFO within 5 points. */
async function expectCloseToSimulator(broker: string, arms: [string, string]): Promise<void> {
  const sim = await simulatedMeans(arms);
  const { file, valid, reasons } = await replayTrace(trace, options(broker, arms, { latenessBound: TEST_LATENESS_BOUND_MS }), () => undefined);
  const problems: string[] = [...reasons];
  if (valid) {
    const rep = replayMeans(file, arms);
    const [fifo, arm] = arms;
    for (const a of arms) {
      const diff = rep[a]! / sim[a]! - 1;
      if (Math.abs(diff) > 0.1) problems.push(`${a}: replay mean ${rep[a]!.toFixed(2)} ms vs simulator ${sim[a]!.toFixed(2)} ms (${(diff * 100).toFixed(1)} %)`);
    }
    const gainSim = ((sim[arm]! - sim[fifo]!) / sim[fifo]!) * 100;
    const gainRep = ((rep[arm]! - rep[fifo]!) / rep[fifo]!) * 100;
    if (Math.abs(gainRep - gainSim) > 5) problems.push(`${arm} vs fifo: replay ${gainRep.toFixed(1)} % vs simulator ${gainSim.toFixed(1)} % (gap ${(gainRep - gainSim).toFixed(1)} points)`);
  }
  expect(problems).toEqual([]);
  expect((file.replay as { valid: boolean }).valid).toBe(true);
}

describe('replay options (no broker needed)', () => {
  const problems = (o: Record<string, unknown>): string[] => {
    try {
      buildReplayConfig(o);
    } catch (err) {
      if (err instanceof InputError) return [...err.issues];
      throw err;
    }
    return [];
  };

  it('accepts a valid configuration', () => {
    expect(problems(options('redis://127.0.0.1:26379', ['fifo', 'oracle+no-aging']))).toEqual([]);
  });

  it('refuses a malformed URL, an unknown scheme, a time scale ≤ 0 and an arm the broker cannot run', () => {
    expect(problems(options('not a url', ['fifo'])).join('\n')).toMatch(/--broker: "not a url" is not a URL/);
    expect(problems(options('kafka://h:1', ['fifo'])).join('\n')).toMatch(/scheme "kafka"/);
    expect(problems(options('redis://h:1', ['fifo'], { timeScale: '0' })).join('\n')).toMatch(/--time-scale: "0"; expected a number > 0/);
    expect(problems(options('redis://h:1', ['fifo'], { timeScale: '-2' })).join('\n')).toMatch(/--time-scale/);
    const aging = problems(options('amqp://g:g@h:1', ['oracle']));
    expect(aging.join('\n')).toMatch(/ages messages, which RabbitMQ cannot do \(add \+no-aging/);
    expect(problems(options('redis://h:1', ['oracle+weights+no-aging'])).join('\n')).toMatch(/weighted shares, which BullMQ cannot do/);
    expect(problems(options('harbinger://h:1', ['oracle+weights+pausing']))).toEqual([]);
    expect(problems(options('harbinger://h:1', ['per-key'])).join('\n')).toMatch(/one queue per key/);
  });

  it('exits 2 with a clear message for bad input and for an unreachable broker, before anything is sent', () => {
    const run = (args: string[]): { status: number | null; stderr: string } => {
      const r = spawnSync(process.execPath, [HSIM, 'replay', trace, ...args], { encoding: 'utf8' });
      return { status: r.status, stderr: r.stderr };
    };
    const bad = run(['--broker', 'amqp://guest:guest@127.0.0.1:1', '--arm', 'oracle', '--time-scale', '0']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/RabbitMQ cannot do/);
    expect(bad.stderr).toMatch(/--time-scale/);
    const down = run(['--broker', 'redis://127.0.0.1:1', '--arm', 'fifo', '--workers', '2']);
    expect(down.status).toBe(2);
    expect(down.stderr).toMatch(/cannot reach redis:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\)/);
  }, 30_000);
});

describe('Harbinger broker (own process, gRPC)', () => {
  let broker: { child: ChildProcess; port: number } | null = null;
  beforeAll(async () => {
    broker = await spawnBroker();
  }, 30_000);
  afterAll(() => {
    broker?.child.kill('SIGTERM');
  });

  it('refuses a stale attempt token over gRPC (FAILED_PRECONDITION)', async () => {
    // In-process here, to show the server's own mapping of a stale token to the gRPC status.
    const inProc: RunningBroker = await startHarbingerBroker({ listen: '127.0.0.1:0', snapshot: null });
    const c = new HarbingerClient(`127.0.0.1:${inProc.port}`);
    await c.createQueue({ queue: 'tok', levels: 3, lease_ms: 300, max_retries: 3 });
    await c.submit('tok', 'm', 'k', 0, 0);
    const d1 = await c.pull('tok', 0);
    await new Promise((r) => setTimeout(r, 450));
    const d2 = await c.pull('tok', 0);
    expect(d2.attempt).toBe(2);
    await expect(c.ack('tok', d1.token, 1)).rejects.toMatchObject({ code: 9 });
    await c.ack('tok', d2.token, 1);
    const s = await c.stats('tok');
    expect(s).toMatchObject({ completed: 1, expired_leases: 1 });
    await c.deleteQueue('tok');
    c.close();
    await inProc.close();
  });

  it('replays fifo and predictive within 10 % of the simulator and the gain within 5 points', async () => {
    await expectCloseToSimulator(`harbinger://127.0.0.1:${broker!.port}`, ['fifo', 'predictive']);
  }, 120_000);

  it('a broker stopped mid-run makes the run invalid with a clear reason', async () => {
    const b = await spawnBroker();
    setTimeout(() => b.child.kill('SIGKILL'), 2500);
    const { valid, reasons, file } = await replayTrace(trace, options(`harbinger://127.0.0.1:${b.port}`, ['fifo']), () => undefined);
    expect(valid).toBe(false);
    expect(reasons.join('\n')).toMatch(/fifo: broker failure: (consumer stream (failed|ended)|submit failed)/);
    expect((file.replay as { valid: boolean }).valid).toBe(false);
  }, 60_000);
});

describe.skipIf(!REDIS_URL)('BullMQ on Redis (HSIM_REDIS_URL)', () => {
  it('replays fifo and predictive+no-aging within 10 % of the simulator and the gain within 5 points', async () => {
    await expectCloseToSimulator(REDIS_URL!, ['fifo', 'predictive+no-aging']);
  }, 120_000);
});

describe.skipIf(!REDIS_URL || spawnSync('redis-server', ['--version']).status !== 0)('Redis stopped mid-run (own redis-server)', () => {
  let server: ChildProcess | null = null;
  afterAll(() => {
    if (server?.exitCode === null) server.kill('SIGTERM');
  });

  it('makes the run invalid with a clear reason', async () => {
    const port = 26391;
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 300));
    setTimeout(() => server?.kill('SIGTERM'), 2500);
    const { valid, reasons } = await replayTrace(trace, options(`redis://127.0.0.1:${port}`, ['fifo']), () => undefined);
    expect(valid).toBe(false);
    expect(reasons.join('\n')).toMatch(/fifo: broker failure: .*(connection|add failed|ECONNREFUSED|closed)/i);
  }, 60_000);
});

describe.skipIf(!AMQP_URL)('RabbitMQ (HSIM_AMQP_URL)', () => {
  it('replays fifo and predictive+no-aging within 10 % of the simulator and the gain within 5 points', async () => {
    await expectCloseToSimulator(AMQP_URL!, ['fifo', 'predictive+no-aging']);
  }, 120_000);
});

const RABBITMQCTL = process.env.HSIM_RABBITMQCTL;
describe.skipIf(!AMQP_URL || !RABBITMQCTL)('RabbitMQ stopped mid-run (HSIM_RABBITMQCTL: stop_app, then start_app)', () => {
  const ctl = (...args: string[]): void => {
    const r = spawnSync(RABBITMQCTL!, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`rabbitmqctl ${args.join(' ')}: ${r.stderr}`);
  };
  afterAll(() => {
    // Leave the shared broker running for whatever runs next.
    ctl('start_app');
    ctl('await_startup');
  });
  it('makes the run invalid with a clear reason', async () => {
    setTimeout(() => spawn(RABBITMQCTL!, ['stop_app'], { stdio: 'ignore' }), 2500);
    const { valid, reasons } = await replayTrace(trace, options(AMQP_URL!, ['fifo']), () => undefined);
    expect(valid).toBe(false);
    expect(reasons.join('\n')).toMatch(/fifo: broker failure: /);
  }, 90_000);
});

if (!REDIS_URL || !AMQP_URL) {
  describe('broker environment', () => {
    it.skip(`skipped broker tests: set HSIM_AMQP_URL and HSIM_REDIS_URL (CI: .ci/brokers.sh start) — missing ${[!AMQP_URL && 'HSIM_AMQP_URL', !REDIS_URL && 'HSIM_REDIS_URL'].filter(Boolean).join(', ')}`, () => undefined);
  });
}
