// Piscina worker entry: registers the TypeScript loader in this thread (as bin/hsim.js does), then serves cells.
import { workerData } from 'node:worker_threads';

// The coordinator resolves tsx's loader API and hands over its URL (workerData also carries the thread's data).
const { register } = await import(workerData.tsxApi);
register();
const { runThreadCell } = await import('./cell-thread.ts');

/** Runs one cell (see cell-thread.ts); resolves to its outcome, never rejects. */
export default function run(cell) {
  return runThreadCell(cell);
}
