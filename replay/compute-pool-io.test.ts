// Tests of the handler processes of --handlers compute: calibration, CPU time charged per job, a dying process reported.
import { afterEach, describe, expect, it } from 'vitest';
import { ComputePool } from './compute-pool-io.ts';

let pool: ComputePool | null = null;
afterEach(() => {
  pool?.close();
  pool = null;
});

describe('ComputePool', () => {
  it('calibrates every process and charges each job the CPU time it used (> 0; 0-ms jobs too resolve)', async () => {
    pool = await ComputePool.start(2);
    expect(pool.size).toBe(2);
    for (const ipm of pool.itersPerMs) expect(ipm).toBeGreaterThan(0);
    // Four consumers on two processes (c mod 2): 0 and 2 share process 0 and are time-sliced there, 1 and 3 process 1.
    const runs = await Promise.all([pool.run(0, 20), pool.run(1, 20), pool.run(2, 20), pool.run(3, 0)]);
    for (const r of runs.slice(0, 3)) expect(r.cpuMs).toBeGreaterThan(0);
    expect(runs[3]!.cpuMs).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('stamps each job with its start and end on this process\'s clock, and sums the processes\' CPU time', async () => {
    pool = await ComputePool.start(1);
    const sent = performance.now();
    const r = await pool.run(0, 10);
    const back = performance.now();
    // The job starts after it was sent, ends after it starts, and its reply arrives after its end; the clocks agree
    // (one monotonic clock) to well under the IPC hop, so no tolerance is needed.
    expect(r.startMs).toBeGreaterThanOrEqual(sent);
    expect(r.endMs).toBeGreaterThanOrEqual(r.startMs);
    expect(back).toBeGreaterThanOrEqual(r.endMs);
    // The process's own CPU time covers its job's loop (and calibration before it).
    expect(pool.processCpuMs()).toBeGreaterThanOrEqual(r.cpuMs);
  }, 60_000);

  it('sums no CPU time before any job finished', async () => {
    pool = await ComputePool.start(1);
    expect(pool.processCpuMs()).toBe(0);
  }, 60_000);

  it('reports a handler process that dies during the run', async () => {
    pool = await ComputePool.start(1);
    const reason = new Promise<string>((resolve) => pool!.onFailure(resolve));
    process.kill(pool.pids[0]!, 'SIGKILL');
    expect(await reason).toMatch(/handler process 0 exited/);
  }, 60_000);
});
