// Tests of the timing block of a computing replay: stage summaries, stretch, consumer overhead, CPU per message.
import { describe, expect, it } from 'vitest';
import { summariseStage, summariseTiming, type TimingInput } from './replay-timing.ts';

const NaN_ = Number.NaN;
const f = (xs: number[]): Float64Array => Float64Array.from(xs);

describe('summariseStage', () => {
  it('summarises the known values, skipping NaN', () => {
    // Hand-computed: 1, 2, 3, 10 → mean 4, p50 = v[ceil(2) − 1] = 2, p99 = v[ceil(3.96) − 1] = 10.
    expect(summariseStage(f([3, NaN_, 1, 10, 2]))).toEqual({ mean: 4, p50: 2, p99: 10, count: 4 });
  });

  it('is null when nothing is known', () => {
    expect(summariseStage(f([NaN_, NaN_]))).toBeNull();
    expect(summariseStage(f([]))).toBeNull();
  });
});

describe('summariseTiming', () => {
  // Two messages on one consumer, hand-built (wall ms after the origin):
  //   m0: submit 0, delivery 1, handler 1.5–3.5 (requested 1), driver end 4; m1: submit 2, delivery 5, handler 6–7
  //   (requested 1), end 7.5; m1 was waiting when m0 was acknowledged at 4, so its idle gap is 5 − 4 = 1.
  const input: TimingInput = {
    submit: f([0, 2]), start: f([1, 5]), end: f([4, 7.5]), handlerStart: f([1.5, 6]), handlerEnd: f([3.5, 7]),
    idleGap: f([NaN_, 1]), requested: f([1, 1]), cpu: f([1, 1]), completed: 2, wallMs: 8, driverCpuMs: 3, handlerProcessCpuMs: 2.5,
  };

  it('puts each stage in its place and derives the stretch, the consumer overhead and the CPU per message', () => {
    const t = summariseTiming(input);
    expect(t.wait_ms).toMatchObject({ mean: 2, count: 2 }); // 1 and 3
    expect(t.handoff_ms).toMatchObject({ mean: 0.75 }); // 0.5 and 1
    expect(t.handler_ms).toMatchObject({ mean: 1.5 }); // 2 and 1
    expect(t.return_ms).toMatchObject({ mean: 0.5 }); // 0.5 and 0.5
    expect(t.idle_gap_ms).toMatchObject({ mean: 1, count: 1 });
    expect(t.handler_stretch).toBe(1.5); // (2 + 1) / (1 + 1)
    expect(t.consumer_overhead_ms).toBe(2.25); // 0.75 + 0.5 + 1
    expect(t.handler_loops_cpu_ms).toBe(2);
    expect(t.non_handler_cpu_per_message_ms).toBe(1.75); // (3 + 2.5 − 2) / 2
    expect(t).toMatchObject({ wall_ms: 8, driver_cpu_ms: 3, handler_processes_cpu_ms: 2.5 });
  });

  it('leaves out the messages that never completed, and is null where nothing completed', () => {
    const lost: TimingInput = { ...input, end: f([4, NaN_]), handlerStart: f([1.5, NaN_]), handlerEnd: f([3.5, NaN_]), cpu: f([1, NaN_]), completed: 1 };
    const t = summariseTiming(lost);
    expect(t.handler_ms).toMatchObject({ mean: 2, count: 1 });
    expect(t.handler_stretch).toBe(2);
    const none = summariseTiming({ ...lost, start: f([NaN_, NaN_]), end: f([NaN_, NaN_]), handlerStart: f([NaN_, NaN_]), handlerEnd: f([NaN_, NaN_]), idleGap: f([NaN_, NaN_]), cpu: f([NaN_, NaN_]), completed: 0 });
    expect(none).toMatchObject({ handoff_ms: null, handler_ms: null, handler_stretch: null, consumer_overhead_ms: null, non_handler_cpu_per_message_ms: null });
  });
});
