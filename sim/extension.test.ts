// The README's worked example of adding a routing: it registers itself and runs through `simulate` like any arm.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { traceFromRows } from '../src/trace/trace.ts';
import { simulate } from './simulate.ts';
import { parseArm, routingNames } from './arms/index.ts';
import './arms/examples/random-level.ts';

describe('adding a routing as one module', () => {
  it('the README shows the example module verbatim', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const source = readFileSync(new URL('./arms/examples/random-level.ts', import.meta.url), 'utf8');
    expect(readme).toContain(source.trim());
  });

  it('registers itself and runs with flags, seeded and deterministic', () => {
    expect(routingNames()).toContain('random-level');
    const rows = Array.from({ length: 400 }, (_, i) => ({ arrival_ms: Math.floor(i / 10) * 30, duration_ms: (i % 7) + 1, key: `k${i % 5}` }));
    const trace = traceFromRows(rows);
    const run = () => simulate(trace, {
      loads: [0.9], arms: [parseArm('random-level+weights+pausing', 3), parseArm('fifo', 3)], workers: 2, levels: 3, defaultLevel: 1,
      split: 'none', fraction: 0.5, windows: 2, windowBy: 'count', staticMap: null, seed: 3,
    }).results['0.9']!.arms;
    const a = run();
    expect(a['random-level+weights+pausing']!.all.count).toBe(400);
    expect(a['random-level+weights+pausing']!.all).toEqual(run()['random-level+weights+pausing']!.all);
    // A size-blind order keeps the mean wait of FIFO (conservation) but reorders messages: the spread changes.
    expect(a['random-level+weights+pausing']!.all).not.toEqual(a.fifo!.all);
  });
});
