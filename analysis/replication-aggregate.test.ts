// The aggregate over replications: grouping `arm#sSEED` keys, mean, t-interval and bootstrap by hand, and no-op input.
import { describe, expect, it } from 'vitest';
import { replicationAggregate, replicationOf } from './replication-aggregate.ts';

describe('replicationAggregate', () => {
  it('groups replication keys by arm and aggregates each metric of all', () => {
    const arm = (mean: number) => ({ all: { mean_latency_ms: mean, count: 10 } });
    const agg = replicationAggregate({
      '0.8': { arms: { 'fifo#s3': arm(5), 'fifo#s1': arm(1), 'fifo#s2': arm(3), 'oracle#s1': arm(2), 'oracle#s2': arm(2) } },
    })!;
    expect(agg['0.8']!['fifo']!.seeds).toEqual([1, 2, 3]);
    const m = agg['0.8']!['fifo']!.metrics['mean_latency_ms']!;
    // Mean 3, s = 2, t_{0.975,2} = 4.302652729911275 (scipy): 3 ± 4.3026527·2/√3.
    expect(m.mean).toBe(3);
    expect(m.t_interval_95![1]).toBeCloseTo(3 + (4.302652729911275 * 2) / Math.sqrt(3), 8);
    // The bootstrap means of {1, 3, 5} lie within [1, 5]; the percentile interval is inside it.
    expect(m.bootstrap_percentile_95![0]).toBeGreaterThanOrEqual(1);
    expect(m.bootstrap_percentile_95![1]).toBeLessThanOrEqual(5);
    // Equal replications: a zero-width interval.
    expect(agg['0.8']!['oracle']!.metrics['mean_latency_ms']!.t_interval_95).toEqual([2, 2]);
  });

  it('returns null without replication keys, and one replication has no interval', () => {
    expect(replicationAggregate({ '0.8': { arms: { fifo: { all: { mean_latency_ms: 1 } }, 'x#2': { all: {} } } } })).toBeNull();
    const one = replicationAggregate({ '0.8': { arms: { 'fifo#s7': { all: { mean_latency_ms: 4 } } } } })!;
    expect(one['0.8']!['fifo']!.metrics['mean_latency_ms']).toEqual({ mean: 4, t_interval_95: null, bootstrap_percentile_95: null });
    expect(replicationOf('a+b#s12')).toEqual({ arm: 'a+b', seed: 12 });
    expect(replicationOf('a#3')).toBeNull();
  });
});
