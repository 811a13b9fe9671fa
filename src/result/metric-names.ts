// The metric names of a result file (SPEC §10), listed once: the metric object type and every key order derive from them.

/**
 * The metric names of SPEC §10, present in `all`, every window and every label. Adding a metric is one name here
 * and one fold line in `sim/metrics.ts`; the compiler then points at every other place that must change.
 */
export const METRIC_NAMES = [
  'count', 'mean_latency_ms', 'p50_latency_ms', 'p95_latency_ms', 'p99_latency_ms', 'mean_wait_ms', 'slowdown_p50',
  'slowdown_p99', 'long_max_wait_ms', 'short_mean_ms', 'short_p50_ms', 'medium_mean_ms', 'medium_p50_ms',
  'long_mean_ms', 'long_p50_ms',
] as const;

/** One of the metric names of SPEC §10. */
export type MetricName = (typeof METRIC_NAMES)[number];

/** A metric object as the simulator and replay write it (latencies and waits in ms). */
export type MetricObject = Record<MetricName, number>;

/** Whether `name` is one of the metric names. */
export function isMetricName(name: string): name is MetricName {
  return (METRIC_NAMES as readonly string[]).includes(name);
}
