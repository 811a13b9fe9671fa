// Sleeping until absolute deadlines on the monotonic clock (BROKERS.md: chained relative sleeps drift).

/**
 * Resolves at or just after `deadline` (performance.now() ms). Sleeps with a timer until about 1 ms before, then
 * yields with setImmediate (timers fire up to 1 ms early or late; I/O still runs between the checks). An abort of
 * `signal` resolves at once and leaves no timer behind.
 */
export function sleepUntil(deadline: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const abort = (): void => {
      if (timer !== null) clearTimeout(timer);
      resolve();
    };
    if (signal?.aborted) return resolve();
    signal?.addEventListener('abort', abort, { once: true });
    const step = (): void => {
      timer = null;
      if (signal?.aborted) return;
      const left = deadline - performance.now();
      if (left <= 0) {
        signal?.removeEventListener('abort', abort);
        resolve();
      } else if (left > 1.5) timer = setTimeout(step, left - 1);
      else setImmediate(step);
    };
    step();
  });
}
