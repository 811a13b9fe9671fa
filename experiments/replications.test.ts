// Replications in experiment files: one cell per seed with the seed filled into seedless shuffles and jitter; bad shapes.
import { describe, expect, it } from 'vitest';
import { parseExperiment, type ExperimentSpec } from '../src/config/experiment-file.ts';
import { expandCells } from './cells.ts';

const good = { id: 'r', traces: [{ path: 't.csv', sha256: 'a'.repeat(64) }], loads: [0.8], arms: ['fifo', 'sjf'], out: 'out/r' };

function spec(extra: Record<string, unknown>): ExperimentSpec {
  const r = parseExperiment({ ...good, ...extra }, 'x.json');
  if (!r.ok) throw new Error(r.issues.join('\n'));
  return r.value;
}

describe('replications', () => {
  it('expand to one cell per seed, keyed arm#sSEED, with the seed in seedless shuffles and jitter', () => {
    const cells = expandCells(spec({ replications: [4, 9], ties: 'shuffle', jitter: '20' }));
    expect(cells.map((c) => c.key)).toEqual(['fifo#s4', 'fifo#s9', 'sjf#s4', 'sjf#s9']);
    expect(cells.map((c) => c.seed)).toEqual([4, 9, 4, 9]);
    expect(cells[1]).toMatchObject({ ties: 'shuffle:9', jitter: '20:9' });
    // A seeded shuffle stays fixed across replications.
    expect(expandCells(spec({ replications: [4, 9], ties: 'shuffle:1' })).map((c) => c.ties)).toEqual(['shuffle:1', 'shuffle:1', 'shuffle:1', 'shuffle:1']);
  });

  it('without replications nothing changes: no perturbation fields on the cells', () => {
    const cells = expandCells(spec({}));
    expect(cells.map((c) => c.key)).toEqual(['fifo', 'sjf']);
    expect('ties' in cells[0]!).toBe(false);
  });

  it('refuses a seed list in the wrong shape, repeats beside it, and seedless perturbations without it', () => {
    const issues = (extra: Record<string, unknown>): string[] => {
      const r = parseExperiment({ ...good, ...extra }, 'x.json');
      return r.ok ? [] : [...r.issues];
    };
    expect(issues({ replications: 3 })).toEqual(['x.json → replications: 3; expected a non-empty array of distinct integer seeds ≥ 0, e.g. [1, 2, 3]']);
    expect(issues({ replications: [1, -2] })).toEqual(['x.json → replications[1]: -2; expected an integer seed ≥ 0']);
    expect(issues({ replications: [1, 2], repeats: 2 })[0]).toMatch(/^x\.json → repeats: 2; expected 1 with "replications"/);
    expect(issues({ ties: 'shuffle' })[0]).toMatch(/^x\.json → ties: "shuffle" without a seed/);
    expect(issues({ jitter: '5' })[0]).toMatch(/^x\.json → jitter: "5" without a seed/);
  });
});
