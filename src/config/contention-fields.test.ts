// `--cores` / `--overhead` and the experiment fields `cores` / `overhead_ms`: parsed, recorded only when set, refused with their location.
import { describe, expect, it } from 'vitest';
import { parseExperiment } from './experiment-file.ts';
import { parseSweep } from './sweep-file.ts';
import { parseContentionOptions, withContentionFlags } from './contention-fields.ts';
import { experimentHash } from '../../experiments/cells.ts';
import { taskConfig, type CellTask } from '../../experiments/cell-task.ts';
import { buildSimulationConfig, optionsRecord } from '../../sim/simulation-config-io.ts';
import { InputError } from '../errors.ts';

const good = { id: 'p', traces: [{ path: 't.csv', sha256: 'a'.repeat(64) }], loads: [0.8], arms: ['fifo'], out: 'out/p' };

describe('parseContentionOptions', () => {
  it('reads --cores and --overhead; absent options stay absent', () => {
    const issues: string[] = [];
    expect(parseContentionOptions({ cores: '2', overhead: '2.5' }, issues)).toEqual({ cores: 2, overheadMs: 2.5 });
    expect(parseContentionOptions({}, issues)).toEqual({});
    expect(issues).toEqual([]);
  });

  it('refuses --cores 0, a non-integer and --overhead -1, naming the option', () => {
    const issues: string[] = [];
    parseContentionOptions({ cores: '0', overhead: '-1' }, issues);
    parseContentionOptions({ cores: '1.5', overhead: 'x' }, issues);
    expect(issues).toEqual([
      'option --cores: "0"; expected an integer from 1 to 100000',
      'option --overhead: "-1"; expected a number from 0 to 3600000',
      'option --cores: "1.5"; expected an integer from 1 to 100000',
      'option --overhead: "x"; expected a number from 0 to 3600000',
    ]);
  });
});

describe('cores and overhead_ms in experiment and sweep files', () => {
  it('are kept when written; without them the spec and its hash are as before', () => {
    const r = parseExperiment({ ...good, cores: 2, overhead_ms: 1.5 }, 'x.json');
    expect(r.ok && r.value).toMatchObject({ cores: 2, overheadMs: 1.5 });
    const plain = parseExperiment(good, 'x.json');
    expect(plain.ok && ('cores' in plain.value || 'overheadMs' in plain.value)).toBe(false);
    if (!r.ok || !plain.ok) return;
    // The hash of a spec without the fields is the hash of the same spec written before they existed.
    const { cores: _c, overheadMs: _o, ...without } = r.value;
    expect(experimentHash(without)).toBe(experimentHash(plain.value));
    expect(experimentHash(r.value)).not.toBe(experimentHash(plain.value));
  });

  it('refuses bad values with their JSON paths', () => {
    const r = parseExperiment({ ...good, cores: 0, overhead_ms: -1 }, 'x.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toContainEqual('x.json → cores: 0; expected an integer from 1 to 100000');
    expect(r.issues).toContainEqual('x.json → overhead_ms: -1; expected a number from 0 to 3600000');
    const s = parseSweep({ ...good, gate: 'g.json', parameters: { 'predictor.minSamples': [5] }, cores: 2.5 }, 's.json');
    expect(!s.ok && s.issues).toContainEqual('s.json → cores: 2.5; expected an integer from 1 to 100000');
  });
});

describe('withContentionFlags', () => {
  it('replaces each field by its option and leaves the others', () => {
    const spec: { a: number; cores?: number; overheadMs?: number } = { a: 1, cores: 4, overheadMs: 2 };
    expect(withContentionFlags(spec, { cores: '2' })).toEqual({ a: 1, cores: 2, overheadMs: 2 });
    expect(withContentionFlags({ a: 1 } as typeof spec, {})).toEqual({ a: 1 });
  });

  it('throws InputError naming the option', () => {
    expect(() => withContentionFlags({}, { overhead: '-1' })).toThrow(InputError);
    expect(() => withContentionFlags({}, { overhead: '-1' })).toThrow(/option --overhead: "-1"/);
  });
});

describe('a cell with cores and overhead', () => {
  const task: CellTask = {
    id: 'c', tracePath: 't.csv', traceLabel: 't.csv', traceSha256: 'a'.repeat(64), load: '0.8', armText: 'fifo', key: 'fifo',
    levels: 3, workers: 4, seed: 1, split: 'time', fraction: 0.5, windows: 7, windowBy: 'time', cache: false,
    block: {} as CellTask['block'],
  };

  it('records them in its options (so in its config hash) only when set', () => {
    expect(optionsRecord(taskConfig({ ...task, cores: 2, overheadMs: 3 }))).toMatchObject({ cores: 2, overhead_ms: 3 });
    const plain = optionsRecord(taskConfig(task));
    expect('cores' in plain || 'overhead_ms' in plain).toBe(false);
  });

  it('refuses them with an ideal-order arm, naming the option', () => {
    const base = { arm: ['sjf'], load: '0.8', workers: '4', levels: '3', split: 'time', fraction: '0.5', windows: '7', windowBy: 'time', seed: '1' };
    expect(() => buildSimulationConfig({ ...base, overhead: '1' })).toThrow(InputError);
    const issues = ((): readonly string[] => {
      try {
        buildSimulationConfig({ ...base, cores: '2', overhead: '1' });
        return [];
      } catch (err) {
        return (err as InputError).issues;
      }
    })();
    expect(issues).toEqual([
      'option --cores: 2 with the ideal-order arm sjf; expected arms of the level engine (the ideal-order engines give each worker a core and no overhead)',
      'option --overhead: 1 with the ideal-order arm sjf; expected arms of the level engine (the ideal-order engines give each worker a core and no overhead)',
    ]);
  });
});
