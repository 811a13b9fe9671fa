// The aggregate over replications of a merged result: per load and arm, each whole-run metric's mean and 95 % intervals.
import { bootstrapMeanInterval, type BootstrapOptions } from './bootstrap.ts';
import { tInterval } from './student-t.ts';

/** An arm key of a replication cell: `arm#sSEED` → [arm, seed]. */
const REPLICATION_KEY = /^(.*)#s(\d+)$/;

/** Splits a replication key into the arm and its seed, or null for any other key. */
export function replicationOf(key: string): { arm: string; seed: number } | null {
  const m = REPLICATION_KEY.exec(key);
  return m ? { arm: m[1]!, seed: Number(m[2]) } : null;
}

/** The bootstrap of the aggregate: percentile interval of the mean over replications (iid resamples of seeds). */
export const REPLICATION_BOOTSTRAP: BootstrapOptions = { method: 'iid', samples: 10000, seed: 2026, confidence: 0.95, block: 1 };

/** One metric over replications: mean, t-interval and percentile-bootstrap interval (null with one replication). */
export interface ReplicatedMetric {
  readonly mean: number;
  readonly t_interval_95: [number, number] | null;
  readonly bootstrap_percentile_95: [number, number] | null;
}

/** One arm at one load over its replications. */
export interface ReplicatedArm {
  readonly seeds: number[];
  readonly metrics: Record<string, ReplicatedMetric>;
}

type Results = Readonly<Record<string, { readonly arms: Readonly<Record<string, { readonly [k: string]: unknown }>> }>>;

/**
 * Per load and arm (keys `arm#sSEED` grouped by arm, seeds ascending), every numeric metric of `all` over the
 * replications: its mean, the t-interval (Student, n − 1 degrees of freedom) and the percentile bootstrap
 * (REPLICATION_BOOTSTRAP) at 95 %. Returns null when no key is a replication key. Cost O(metrics·B·n).
 */
export function replicationAggregate(results: Results): Record<string, Record<string, ReplicatedArm>> | null {
  const out: Record<string, Record<string, ReplicatedArm>> = {};
  let any = false;
  for (const [load, { arms }] of Object.entries(results)) {
    const groups = new Map<string, { seed: number; all: Record<string, unknown> }[]>();
    for (const [key, arm] of Object.entries(arms)) {
      const rep = replicationOf(key);
      if (rep === null) continue;
      const list = groups.get(rep.arm) ?? [];
      list.push({ seed: rep.seed, all: (arm['all'] ?? {}) as Record<string, unknown> });
      groups.set(rep.arm, list);
    }
    if (groups.size === 0) continue;
    any = true;
    const perArm: Record<string, ReplicatedArm> = {};
    for (const [arm, list] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      list.sort((a, b) => a.seed - b.seed);
      const metrics: Record<string, ReplicatedMetric> = {};
      const names = Object.keys(list[0]!.all).filter((k) => list.every((r) => typeof r.all[k] === 'number')).sort();
      for (const name of names) {
        const x = Float64Array.from(list, (r) => r.all[name] as number);
        if (x.length < 2) {
          metrics[name] = { mean: x[0]!, t_interval_95: null, bootstrap_percentile_95: null };
          continue;
        }
        const t = tInterval(x, 0.95);
        const b = bootstrapMeanInterval(x, REPLICATION_BOOTSTRAP);
        metrics[name] = { mean: t.mean, t_interval_95: [t.low, t.high], bootstrap_percentile_95: [b.low, b.high] };
      }
      perArm[arm] = { seeds: list.map((r) => r.seed), metrics };
    }
    out[load] = perArm;
  }
  return any ? out : null;
}
