// A one-line progress bar on stderr: cells done, cells per second, time left (only on a terminal, not --quiet).
import type { RunProgress } from '../experiments/experiment-run-io.ts';

/** Draws `[####----] 12/48 cells  3.1 cells/s  ETA 12s` in place; `enabled` false makes every call a no-op. */
export class ProgressBar {
  private done = 0;
  private readonly t0 = performance.now();
  private lastDraw = 0;

  constructor(private readonly total: number, private readonly enabled: boolean, private readonly label = 'cells') {}

  /** Counts one finished item and redraws (at most every 100 ms, always for the last). */
  tick(): void {
    this.done++;
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.lastDraw < 100 && this.done < this.total) return;
    this.lastDraw = now;
    const seconds = (now - this.t0) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    const eta = rate > 0 ? (this.total - this.done) / rate : 0;
    const width = 24;
    const filled = this.total > 0 ? Math.round((width * this.done) / this.total) : width;
    const bar = '#'.repeat(filled) + '-'.repeat(width - filled);
    process.stderr.write(`\r[${bar}] ${this.done}/${this.total} ${this.label}  ${rate.toFixed(2)} ${this.label}/s  ETA ${formatSeconds(eta)}   `);
  }

  /** Ends the line. */
  finish(): void {
    if (this.enabled && this.done > 0) process.stderr.write('\n');
  }
}

/** A run's progress on stderr: the note as an `hsim:` line and the bar (both silent with `quiet`), and warnings. */
export function stderrRunProgress(quiet: boolean): RunProgress {
  let bar: ProgressBar | null = null;
  return {
    start: (total, note) => {
      bar = new ProgressBar(total, !quiet && process.stderr.isTTY === true);
      if (note !== null && !quiet) process.stderr.write(`hsim: ${note}\n`);
    },
    tick: () => bar?.tick(),
    finish: () => bar?.finish(),
    warn: (line) => void process.stderr.write(`hsim: ${line}\n`),
  };
}

function formatSeconds(s: number): string {
  if (s < 60) return `${Math.ceil(s)}s`;
  const m = Math.floor(s / 60);
  return `${m}m${String(Math.ceil(s - 60 * m)).padStart(2, '0')}s`;
}
