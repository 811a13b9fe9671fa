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
    const cpu = await Promise.all([pool.run(0, 20), pool.run(1, 20), pool.run(2, 20), pool.run(3, 0)]);
    for (const c of cpu.slice(0, 3)) expect(c).toBeGreaterThan(0);
    expect(cpu[3]).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('reports a handler process that dies during the run', async () => {
    pool = await ComputePool.start(1);
    const reason = new Promise<string>((resolve) => pool!.onFailure(resolve));
    process.kill(pool.pids[0]!, 'SIGKILL');
    expect(await reason).toMatch(/handler process 0 exited/);
  }, 60_000);
});
