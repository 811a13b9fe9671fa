// Queue jobs at the worker's boundary: a task from hsim run passes; wrong shapes, types, ranges and paths are refused.
import { describe, expect, it } from 'vitest';
import { insideFolders, parseCellJob } from './cell-job.ts';
import type { CellTask } from './cell-task.ts';

/** A task as prepareRun writes it (a generated serverless trace's cell; values as in run-command.test.ts). */
const honestTask: CellTask = {
  id: 'faas.0.8.fifo_s2.0123456789', tracePath: '/data/exp/out/generated/serverless-s2-0123456789abcdef.csv', traceLabel: 'generate:serverless',
  traceSha256: 'a'.repeat(64), load: '0.8', armText: 'fifo', key: 'fifo#s2', levels: 3, workers: 4, seed: 2, split: 'time', fraction: 0.5,
  windows: 3, windowBy: 'time', cache: true,
  block: {
    id: 'faas.0.8.fifo_s2.0123456789', index: 1, experiment: 'gen-exp', experiment_hash: 'b'.repeat(64), cells_total: 6, trace_name: 'faas', load: '0.8',
    arm: 'fifo', overrides: {}, repeat: 1, key: 'fifo#s2', base: { levels: 3, workers: 4, seed: 1 }, trace_spec_sha256: 'c'.repeat(64),
  },
  generate: { spec: { kind: 'serverless', options: { n: 3000, keys: 20, zipf: 1.1, sigma: 1, minMedianMs: 5, maxMedianMs: 5000, spanMs: 600000, periodMs: 600000, amplitude: 0.5 } }, seed: 2 },
};

describe('parseCellJob', () => {
  it('passes a task as hsim run writes it, unchanged', async () => {
    const { SERVERLESS_DEFAULTS } = await import('../src/config/generator-defaults.ts');
    const task = { ...honestTask, generate: { spec: { kind: 'serverless', options: { ...SERVERLESS_DEFAULTS, n: 3000 } }, seed: 2 } };
    const r = parseCellJob(JSON.parse(JSON.stringify(task)));
    expect(r.ok, r.ok ? '' : r.issues.join('\n')).toBe(true);
    if (r.ok) expect(r.value).toEqual(task);
  });

  it('refuses data not from hsim run: wrong shape, bad types, unknown fields, a relative or ".." path', () => {
    const bad = (patch: Record<string, unknown>): string => {
      const r = parseCellJob({ ...honestTask, generate: undefined, ...patch });
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.issues.join('\n');
    };
    expect(parseCellJob('{"id":1}').ok).toBe(false);
    expect(parseCellJob([1, 2]).ok).toBe(false);
    expect(bad({ tracePath: 'rel/trace.csv' })).toContain('queue job → tracePath: "rel/trace.csv"; expected an absolute path');
    expect(bad({ tracePath: '/data/exp/../../etc/shadow' })).toContain('queue job → tracePath');
    expect(bad({ traceSha256: 'x' })).toContain('queue job → traceSha256: "x"; expected 64 lowercase hex digits');
    expect(bad({ levels: '3' })).toContain('queue job → levels: "3"; expected an integer from 1 to 64');
    expect(bad({ workers: 1e9 })).toContain('queue job → workers: 1000000000; expected an integer from 1 to 100000');
    expect(bad({ id: 'a\nb' })).toContain('queue job → id');
    expect(bad({ shell: 'rm -rf /' })).toContain('queue job → shell: an unknown field "shell"');
    expect(bad({ block: { ...honestTask.block, base: { levels: 0, workers: 4, seed: 1 } } })).toContain('queue job → block.base');
    expect(bad({ armText: 'no-such-arm' })).toContain('no-such-arm');
  });

  it('carries the ranges of experiment files: n = 1e12 and a seed that is a path are refused', () => {
    const withGen = (generate: unknown): string => {
      const r = parseCellJob({ ...honestTask, generate });
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.issues.join('\n');
    };
    const spec = honestTask.generate!.spec;
    expect(withGen({ spec: { ...spec, options: { ...spec.options, n: 1e12 } }, seed: 2 })).toContain('queue job → generate.spec.n: 1000000000000; expected an integer from 1 to 100000000');
    expect(withGen({ spec, seed: '1/../../X' })).toContain('queue job → generate.seed: "1/../../X"; expected an integer from 0 to 4294967295');
    expect(withGen({ spec: { ...spec, kind: '../../x' }, seed: 2 })).toContain('queue job → generate.spec.kind');
    expect(withGen({ spec: { kind: 'serverless', options: { n: 3000 } }, seed: 2 })).toContain('queue job → generate.spec.options: options missing');
  });
});

describe('insideFolders', () => {
  it('is true only for a normalised absolute path under a folder', () => {
    expect(insideFolders('/data/a/t.csv', ['/data/a'])).toBe(true);
    expect(insideFolders('/data/ab/t.csv', ['/data/a'])).toBe(false);
    expect(insideFolders('/data/a/../b/t.csv', ['/data/a'])).toBe(false);
    expect(insideFolders('data/a/t.csv', ['/data/a'])).toBe(false);
    expect(insideFolders('/etc/shadow', ['/data/a', '/srv'])).toBe(false);
    expect(insideFolders('/t.csv', ['/'])).toBe(true);
  });
});
