// The experiment file's `ties` and `jitter` fields, and `--ties`/`--jitter` replacing them on run and sweep.
import { describe, expect, it } from 'vitest';
import { parseExperiment } from '../src/config/experiment-file.ts';
import { withPerturbationFlags } from './perturbation-flags.ts';

const good = { id: 'p', traces: [{ path: 't.csv', sha256: 'a'.repeat(64) }], loads: [0.8], arms: ['fifo'], out: 'out/p' };

describe('ties and jitter in experiment files', () => {
  it('are kept when they perturb, and absent otherwise ("ties": "file" is the file order)', () => {
    const r = parseExperiment({ ...good, ties: 'shuffle:4', jitter: '10:2' }, 'x.json');
    expect(r.ok && r.value).toMatchObject({ ties: 'shuffle:4', jitter: '10:2' });
    const plain = parseExperiment({ ...good, ties: 'file' }, 'x.json');
    expect(plain.ok && 'ties' in plain.value).toBe(false);
  });

  it('refuses a shuffle without a seed and a negative jitter with their JSON paths', () => {
    const r = parseExperiment({ ...good, ties: 'shuffle', jitter: '-3:1' }, 'x.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toContainEqual(expect.stringMatching(/^x\.json → ties: "shuffle" without a seed; expected "shuffle:SEED"/));
    expect(r.issues).toContainEqual(expect.stringMatching(/^x\.json → jitter: "-3:1"; expected MS:SEED/));
  });
});

describe('withPerturbationFlags', () => {
  it('replaces the fields; --ties file removes a shuffle', () => {
    expect(withPerturbationFlags({ a: 1, ties: 'shuffle:1' }, { ties: 'shuffle:9', jitter: '5:5' })).toEqual({ a: 1, ties: 'shuffle:9', jitter: '5:5' });
    expect(withPerturbationFlags({ a: 1, ties: 'shuffle:1' }, { ties: 'file' })).toEqual({ a: 1 });
    expect(withPerturbationFlags({ a: 1 } as { a: number; ties?: string }, {})).toEqual({ a: 1 });
  });

  it('names the option of a bad value', () => {
    expect(() => withPerturbationFlags({ ties: 'shuffle:1' }, { ties: 'shuffle:x' })).toThrow(/option --ties: "shuffle:x"/);
  });
});
