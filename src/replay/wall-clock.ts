// Sleeping until absolute deadlines on the monotonic clock (BROKERS.md: chained relative sleeps drift).

/**
 * Resolves at or just after `deadline` (performance.now() ms). Sleeps with a timer until about 1 ms before, then
 * yields with setImmediate (timers fire up to 1 ms early or late; I/O still runs between the checks).
 */
export function sleepUntil(deadline: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (): void => {
      const left = deadline - performance.now();
      if (left <= 0) resolve();
      else if (left > 1.5) setTimeout(step, left - 1);
      else setImmediate(step);
    };
    step();
  });
}
