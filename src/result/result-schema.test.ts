// docs/schemas/result.schema.json against real result files: simulate with probes and cores, replicated and merged runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaIssues } from '../json/json-schema-io.ts';
import { parseResultFile } from './result-reader.ts';

const hsim = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-result-schema-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]): void {
  const r = spawnSync(process.execPath, [hsim, ...args], { cwd: dir, env: { ...process.env, HSIM_CACHE_DIR: join(dir, 'cache') }, encoding: 'utf8' });
  expect(r.status, `hsim ${args.join(' ')}: ${r.stderr}`).toBe(0);
}

/** Every *.json below `d` (result files: no meta sidecars or locks). */
function jsonFiles(d: string): string[] {
  return readdirSync(d).flatMap((n) => {
    const p = join(d, n);
    if (statSync(p).isDirectory()) return jsonFiles(p);
    return n.endsWith('.json') && !n.endsWith('.meta.json') ? [p] : [];
  });
}

const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

describe('the result file schema', () => {
  it('accepts what simulate writes: several arms and loads, labels, outcomes, --by-key, --series, --latency-cdf, --cores', () => {
    run('generate', 'priority', '-o', 't.csv', '--n', '3000', '--seed', '3');
    run('simulate', 't.csv', '--arm', 'fifo', '--arm', 'predictive+weights+pausing', '--arm', 'oracle+weights+pausing', '--arm', 'sjf',
      '--load', '0.5,0.9', '--workers', '2', '--windows', '3', '--by-key', '--series', '4', '--latency-cdf', '-o', 'a.json');
    run('simulate', 't.csv', '--arm', 'fifo', '--arm', 'predictive', '--load', 'as-is', '--workers', '2', '--cores', '1', '--overhead', '0.5', '-o', 'b.json');
    for (const f of ['a.json', 'b.json']) {
      const json = read(join(dir, f));
      expect(parseResultFile(json, f).ok).toBe(true);
      expect(schemaIssues('result', json, f)).toEqual([]);
    }
    const a = read(join(dir, 'a.json')) as { results: Record<string, { arms: Record<string, Record<string, unknown>> }> };
    // The probes this test means to cover are really there.
    expect(Object.keys(a.results['0.9']!.arms['predictive+weights+pausing']!).sort()).toEqual(
      ['all', 'by_key', 'by_label', 'latency_cdf', 'outcome_windows', 'outcomes', 'predictor', 'series', 'sim_seconds', 'windows']);
  });

  it('accepts the cells and the merged results of a replicated experiment', () => {
    writeFileSync(join(dir, 'exp.json'), JSON.stringify({
      id: 'schema', traces: [{ generate: { kind: 'mmc', n: 2000 } }], loads: [0.8], arms: ['fifo', 'predictive'],
      windows: 3, workers: 2, replications: [1, 2], ties: 'shuffle', out: 'out',
    }));
    run('run', 'exp.json', '--jobs', '1');
    const files = jsonFiles(join(dir, 'out'));
    expect(files.some((f) => f.endsWith('results.json'))).toBe(true);
    expect(files.filter((f) => f.includes('cells')).length).toBe(4);
    for (const f of files) expect([f, schemaIssues('result', read(f), f)]).toEqual([f, []]);
    expect(read(files.find((f) => f.endsWith('results.json'))!)).toHaveProperty('replications');
  });

  it('refuses a result with a metric missing, as the reader does', () => {
    const json = read(join(dir, 'b.json')) as { results: Record<string, { arms: Record<string, { all: Record<string, unknown> }> }> };
    delete json.results['as-is']!.arms['fifo']!.all['p99_latency_ms'];
    expect(parseResultFile(json, 'b.json').ok).toBe(false);
    expect(schemaIssues('result', json, 'b.json')).toEqual([
      'b.json → results.as-is.arms.fifo.all.p99_latency_ms: nothing; expected a value (the field is required) (docs/schemas/result.schema.json)',
    ]);
  });
});
