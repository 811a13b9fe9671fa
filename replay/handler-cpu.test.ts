// Tests of the handler CPU summary: ratio of CPU time to requested duration, skipping lost and zero-length handlers.
import { describe, expect, it } from 'vitest';
import { summariseHandlerCpu } from './handler-cpu.ts';

describe('summariseHandlerCpu', () => {
  it('summarises the ratios of the handlers that ran, skipping NaN (not completed) and zero requested durations', () => {
    // Hand-computed: ratios 0.5, 1, 1.5 (the NaN and the 0-ms handler are skipped); mean 1, p50 = v[ceil(1.5)−1] = 1, p99 = 1.5.
    const cpu = Float64Array.from([5, 20, Number.NaN, 3, 15]);
    const req = Float64Array.from([10, 20, 10, 0, 10]);
    expect(summariseHandlerCpu(cpu, req)).toEqual({ handler_cpu_ratio_mean: 1, handler_cpu_ratio_p50: 1, handler_cpu_ratio_p99: 1.5, handler_cpu_count: 3 });
  });

  it('is null when no handler with a requested duration completed', () => {
    expect(summariseHandlerCpu(Float64Array.from([Number.NaN, 2]), Float64Array.from([10, 0]))).toBeNull();
  });
});
