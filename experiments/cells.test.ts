// Expanding an experiment into cells, sharding them, and expanding a sweep's variants.
import { describe, expect, it } from 'vitest';
import { expandCells, experimentHash } from './cells.ts';
import type { ExperimentSpec } from '../src/config/experiment-file.ts';
import { parseShard, shardItems } from './shard.ts';
import { expandVariants, parseSweep } from '../src/config/sweep-file.ts';

const spec: ExperimentSpec = {
  id: 'e', traces: [{ path: 'a.csv', sha256: 'a'.repeat(64), name: 'a' }, { path: 'b.csv', sha256: 'b'.repeat(64), name: 'b' }],
  loads: ['0.5', '0.8'], arms: ['fifo', 'oracle'], split: 'time', fraction: 0.5, windows: 7, windowBy: 'time', workers: 64, levels: 3,
  seed: 1, overrides: [{}, { levels: 2 }, { aging: 1000 }], repeats: 1, out: 'o',
};

describe('expandCells', () => {
  it('makes the product in trace, load, arm, override order with distinct ids', () => {
    const cells = expandCells(spec);
    expect(cells).toHaveLength(2 * 2 * 2 * 3);
    expect(cells.slice(0, 4).map((c) => c.key)).toEqual(['fifo', 'fifo@levels=2', 'fifo@aging=1000', 'oracle']);
    expect(cells[1]).toMatchObject({ armText: 'fifo', levels: 2, workers: 64 });
    expect(cells[2]).toMatchObject({ armText: 'fifo@aging=1000', levels: 3 });
    expect(cells[23]).toMatchObject({ load: '0.8', key: 'oracle@aging=1000' });
    expect(cells[23]!.trace.name).toBe('b');
    expect(new Set(cells.map((c) => c.id)).size).toBe(cells.length);
    expect(cells.map((c) => c.index)).toEqual(cells.map((_, i) => i));
    // The id depends on the cell's identity only, not on its position.
    expect(expandCells({ ...spec, arms: ['oracle'] })[0]!.id).toBe(cells[3]!.id);
  });

  it('suffixes repeats with #r and uses seed base + r', () => {
    const cells = expandCells({ ...spec, traces: [spec.traces[0]!], loads: ['0.5'], arms: ['static-random'], overrides: [{}], repeats: 3, seed: 10 });
    expect(cells.map((c) => [c.key, c.seed])).toEqual([['static-random#0', 10], ['static-random#1', 11], ['static-random#2', 12]]);
  });

  it('hashes the experiment without its output folder', () => {
    expect(experimentHash({ ...spec, out: 'elsewhere' })).toBe(experimentHash(spec));
    expect(experimentHash({ ...spec, windows: 8 })).not.toBe(experimentHash(spec));
  });
});

describe('shards', () => {
  it('partitions the cells: every cell in exactly one shard', () => {
    const items = Array.from({ length: 11 }, (_, i) => i);
    const parts = [1, 2, 3].map((i) => shardItems(items, parseShard(`${i}/3`)));
    expect(parts[0]).toEqual([0, 3, 6, 9]);
    expect(parts.flat().sort((a, b) => a - b)).toEqual(items);
  });

  it('refuses shards out of range', () => {
    for (const bad of ['0/2', '3/2', '1/0', 'a/b', '1']) expect(() => parseShard(bad)).toThrow(/--shard/);
  });
});

describe('sweeps', () => {
  const params = [['aging', [1000, 'off']], ['levels', [2, 4]]] as const;

  it('varies one parameter at a time after the base', () => {
    expect(expandVariants('one-at-a-time', params).map((v) => v.id)).toEqual(['base', 'aging=1000', 'aging=off', 'levels=2', 'levels=4']);
  });

  it('makes every combination in grid mode', () => {
    const ids = expandVariants('grid', params).map((v) => v.id);
    expect(ids).toEqual(['base', 'aging=1000,levels=2', 'aging=1000,levels=4', 'aging=off,levels=2', 'aging=off,levels=4']);
  });

  it('validates a sweep file with every issue', () => {
    const ok = parseSweep({ id: 's', gate: 'g.json', traces: spec.traces.map(({ path, sha256 }) => ({ path, sha256 })), loads: [0.8], parameters: { aging: [1000] }, out: 'o' }, 's.json');
    expect(ok.ok && ok.value.variants.map((v) => v.id)).toEqual(['base', 'aging=1000']);
    const bad = parseSweep({ id: 's', traces: [], loads: [0.8], mode: 'random', parameters: { aging: [0, 5, 5], 'predictor.nope': [1] }, out: 'o' }, 's.json');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const text = bad.issues.join('\n');
    expect(text).toContain('s.json → gate: nothing');
    expect(text).toContain('s.json → traces: an array');
    expect(text).toContain('s.json → mode: "random"');
    expect(text).toContain('s.json → parameters.aging[0]: 0');
    expect(text).toContain('s.json → parameters.aging[2]: value 5 given twice');
    expect(text).toContain('s.json → parameters.predictor.nope[0]');
  });

  it('takes several gates under "gates", and names a bad list by its JSON path', () => {
    const common = { id: 's', traces: spec.traces.map(({ path, sha256 }) => ({ path, sha256 })), loads: [0.8], parameters: { aging: [1000] }, out: 'o' };
    const ok = parseSweep({ ...common, gates: ['a.json', 'b.json'] }, 's.json');
    expect(ok.ok && [ok.value.gate, ok.value.gates]).toEqual(['a.json', ['a.json', 'b.json']]);
    const one = parseSweep({ ...common, gate: 'g.json' }, 's.json');
    expect(one.ok && one.value.gates).toEqual(['g.json']);
    const issues = (input: unknown): string => {
      const r = parseSweep({ ...common, ...(input as object) }, 's.json');
      return r.ok ? '' : r.issues.join('\n');
    };
    expect(issues({ gates: [] })).toContain('s.json → gates: an empty list');
    expect(issues({ gates: ['a.json', 3, 'a.json'] })).toMatch(/s\.json → gates\[1\]: 3[^\n]*\n.*s\.json → gates\[2\]: "a\.json" given twice/s);
    expect(issues({ gate: 'g.json', gates: ['a.json'] })).toContain('s.json → gates: both "gate" and "gates"');
  });
});
