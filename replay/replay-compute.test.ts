// Replays whose handlers compute (--handlers compute): every message completes in forked handler processes, the CPU
// time each used is recorded, the result says so; bad handler options exit 2. Semantics only, no timing bounds.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { schemaIssues } from '../src/json/json-schema-io.ts';
import { HSIM, spawnBroker } from './fixtures/broker-process-fixture.ts';
import { buildReplayConfig, replayTrace } from './replay-run-io.ts';

let dir = '';
let trace = '';
let broker: { child: ChildProcess; port: number } | null = null;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hsim-compute-'));
  trace = join(dir, 'sl.csv');
  // 300 evaluation messages of 2–20 ms medians: about 2.4 s of CPU work, about 1.2 s of wall time at load 0.5 on 4 consumers.
  const g = spawnSync(process.execPath, [HSIM, 'generate', 'serverless', '-o', trace, '--seed', '3', '--n', '600', '--keys', '10', '--sigma', '0.5',
    '--min-median-ms', '2', '--max-median-ms', '20', '--span-ms', '60000', '--amplitude', '0'], { encoding: 'utf8' });
  if (g.status !== 0) throw new Error(`generate failed: ${g.stderr}`);
  broker = await spawnBroker();
}, 60_000);

afterAll(() => {
  broker?.child.kill('SIGTERM');
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

/** Replay options for this file's trace; the lateness bound is loose because a loaded machine delays the producer. */
function options(arms: string[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    broker: `harbinger://127.0.0.1:${broker!.port}`, arm: arms, load: '0.5', timeScale: '1', workers: '4', levels: '3', split: 'time', fraction: '0.5',
    windows: '4', windowBy: 'time', set: [], latenessBound: '100000', maxRetries: '3', seed: '1', quiet: true, cache: false, ...extra,
  };
}

type ArmRecord = { replay: Record<string, number | boolean | null> };
function armRecords(file: Record<string, unknown>): Record<string, ArmRecord> {
  return (file.results as Record<string, { arms: Record<string, ArmRecord> }>)['0.5']!.arms;
}

describe('replay --handlers compute (Harbinger broker, own process)', () => {
  it('completes every message in handler processes and records their CPU time, the handlers and the cores', async () => {
    // 2 handler processes for 4 consumers: two consumers share each process (time-sliced).
    const { valid, reasons, file } = await replayTrace(trace, options(['fifo', 'predictive'], { handlers: 'compute', handlerProcesses: '2' }), () => undefined);
    expect(reasons).toEqual([]);
    expect(valid).toBe(true);
    const replay = file.replay as Record<string, unknown>;
    expect(replay.handlers).toBe('compute');
    expect(replay.handler_processes).toBe(2);
    expect(replay.cores).toBeGreaterThanOrEqual(1);
    expect((file.options as Record<string, unknown>).handlers).toBe('compute');
    for (const arm of ['fifo', 'predictive']) {
      const r = armRecords(file)[arm]!.replay;
      expect(r.completed).toBe(r.expected);
      expect(r.handler_cpu_count).toBeGreaterThan(0);
      expect(r.handler_cpu_ratio_mean).toBeGreaterThan(0);
      expect(r.handler_cpu_ratio_p99).toBeGreaterThanOrEqual(r.handler_cpu_ratio_p50 as number);
      // Where the time went: every completed message has each stage, in order (delivery ≤ handler start ≤ handler
      // end ≤ acknowledgement, one monotonic clock), and the CPU figures are non-negative.
      const t = (file.results as Record<string, { arms: Record<string, { replay: { timing: Record<string, unknown> } }> }>)['0.5']!.arms[arm]!.replay.timing;
      const stage = (k: string): { mean: number; p50: number; p99: number; count: number } => t[k] as { mean: number; p50: number; p99: number; count: number };
      for (const k of ['wait_ms', 'handoff_ms', 'handler_ms', 'return_ms']) {
        expect(stage(k).count).toBe(r.completed);
        expect(stage(k).p50).toBeGreaterThanOrEqual(0);
        expect(stage(k).p99).toBeGreaterThanOrEqual(stage(k).p50);
      }
      expect(t.handler_stretch as number).toBeGreaterThan(0);
      expect(t.consumer_overhead_ms as number).toBeGreaterThanOrEqual(0);
      expect(t.driver_cpu_ms as number).toBeGreaterThan(0);
      expect(t.handler_processes_cpu_ms as number).toBeGreaterThanOrEqual(t.handler_loops_cpu_ms as number);
      expect(t.wall_ms as number).toBeCloseTo((r.wall_seconds as number) * 1000, 6);
    }
  }, 120_000);

  it('runs from the CLI (the bundled hsim forks the handler processes too)', async () => {
    const child = spawn(process.execPath, [HSIM, 'replay', trace, '--broker', `harbinger://127.0.0.1:${broker!.port}`, '--arm', 'fifo', '--load', '0.5',
      '--workers', '2', '--windows', '2', '--lateness-bound', '100000', '--handlers', 'compute', '--json', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.stderr!.on('data', (b: Buffer) => (err += b.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(err).toBe('');
    expect(code).toBe(0);
    const file = JSON.parse(out) as Record<string, unknown>;
    // Default handler processes: one per consumer (2 here).
    expect(file.replay).toMatchObject({ handlers: 'compute', handler_processes: 2 });
    expect(armRecords(file).fifo!.replay.handler_cpu_ratio_mean).toBeGreaterThan(0);
    // The handlers' fields are part of the result file's schema.
    expect(schemaIssues('result', file, 'replay --handlers compute')).toEqual([]);
  }, 120_000);

  it('a sleep replay records no handler fields (its result keeps its bytes)', async () => {
    const { file } = await replayTrace(trace, options(['fifo'], { workers: '2', handlers: 'sleep' }), () => undefined);
    expect(Object.keys(file.replay as object).sort()).toEqual(['broker', 'lateness_p99_ms', 'reasons', 'time_scale', 'valid']);
    expect(file.options).not.toHaveProperty('handlers');
    expect(armRecords(file).fifo!.replay).not.toHaveProperty('handler_cpu_ratio_mean');
    expect(armRecords(file).fifo!.replay).not.toHaveProperty('timing');
  }, 120_000);
});

describe('replay handler options (no broker needed)', () => {
  const base = { broker: 'harbinger://h:1', arm: ['fifo'], load: '0.5', timeScale: '1', workers: '4', levels: '3', split: 'time', fraction: '0.5', windows: '4', windowBy: 'time', set: [], latenessBound: '10', maxRetries: '3', seed: '1' };
  const problems = (o: Record<string, unknown>): string[] => {
    try {
      buildReplayConfig(o);
      return [];
    } catch (err) {
      return [...(err as InputError).issues];
    }
  };

  it('defaults to sleep, and to one handler process per consumer with compute', () => {
    expect(buildReplayConfig(base)).toMatchObject({ handlers: 'sleep', handlerProcesses: 0 });
    expect(buildReplayConfig({ ...base, handlers: 'compute' })).toMatchObject({ handlers: 'compute', handlerProcesses: 4 });
    expect(buildReplayConfig({ ...base, workers: '64', handlers: 'compute' }).handlerProcesses).toBe(16);
  });

  it('names the option for a bad --handlers or --handler-processes', () => {
    expect(problems({ ...base, handlers: 'foo' }).join('\n')).toMatch(/--handlers.*"foo".*sleep or compute/);
    expect(problems({ ...base, handlers: 'compute', handlerProcesses: '0' }).join('\n')).toMatch(/--handler-processes.*"0".*1 to --workers \(4\)/);
    expect(problems({ ...base, handlers: 'compute', handlerProcesses: '5' }).join('\n')).toMatch(/--handler-processes/);
    expect(problems({ ...base, handlerProcesses: '2' }).join('\n')).toMatch(/--handler-processes.*--handlers compute/);
  });

  it('the CLI exits 2 for --handlers foo, naming the option, before anything is sent', () => {
    const r = spawnSync(process.execPath, [HSIM, 'replay', trace, '--broker', 'harbinger://127.0.0.1:1', '--arm', 'fifo', '--handlers', 'foo'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--handlers/);
  });
});
