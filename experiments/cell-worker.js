// Piscina worker entry: registers the TypeScript loader in this thread (as bin/hsim.js does), then serves cells.

// tsx's loader API, resolved from this file (inside the checkout, beside its node_modules).
const { register } = await import('tsx/esm/api');
register();
const { runThreadCell } = await import('./cell-thread.ts');

/** Runs one cell (see cell-thread.ts); resolves to its outcome, never rejects. */
export default function run(cell) {
  return runThreadCell(cell);
}
