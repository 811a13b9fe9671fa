// The JSON Schemas of docs/schemas/ against the hand-written parsers: both accept every committed file, both refuse broken ones.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe as group, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { parseExperiment } from '../config/experiment-file.ts';
import { parseSweep } from '../config/sweep-file.ts';
import { parseGateFile } from '../../analysis/gate-file.ts';
import { fixtureGate } from '../../reports/golden-specs.ts';
import type { ValidateFunction } from 'ajv';
import { checkSchema, pointerToPath, schemaFile, schemaIssues, loadValidator, type SchemaName } from './json-schema-io.ts';

const root = join(import.meta.dirname, '..', '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(root, file), 'utf8'));
const parsers: Record<Exclude<SchemaName, 'result'>, (v: unknown, f: string) => { ok: boolean }> = {
  experiment: (v, f) => parseExperiment(v, f),
  sweep: (v, f) => parseSweep(v, f),
  gate: (v, f) => parseGateFile(v, f),
};
type Kind = keyof typeof parsers;

/** Every committed experiment, sweep and gate file (a sweep names a gate), and the gate the report fixtures use. */
function committedFiles(): { name: string; kind: Kind; json: unknown }[] {
  const out: { name: string; kind: Kind; json: unknown }[] = [];
  for (const f of readdirSync(join(root, 'experiments')).filter((n) => n.endsWith('.json')).sort()) {
    const json = readJson(`experiments/${f}`) as Record<string, unknown>;
    out.push({ name: `experiments/${f}`, kind: 'gate' in json || 'gates' in json ? 'sweep' : 'experiment', json });
  }
  for (const f of readdirSync(join(root, 'experiments', 'gates')).filter((n) => n.endsWith('.json') && !n.endsWith('.lock.json')).sort()) {
    out.push({ name: `experiments/gates/${f}`, kind: 'gate', json: readJson(`experiments/gates/${f}`) });
  }
  out.push({ name: 'reports/golden-specs.ts fixtureGate()', kind: 'gate', json: fixtureGate() });
  return out;
}

const clone = <T,>(v: T): T => structuredClone(v);
const experiment = (): Record<string, unknown> => clone(readJson('experiments/example-run.json')) as Record<string, unknown>;
const replicated = (): Record<string, unknown> => clone(readJson('experiments/lpc-ties.json')) as Record<string, unknown>;
const sweep = (): Record<string, unknown> => clone(readJson('experiments/sensitivity.json')) as Record<string, unknown>;
/** A gate file as loose JSON, so a test can set any field to a wrong value. */
interface LooseGate { [field: string]: unknown; bootstrap: Record<string, unknown>; criteria: Record<string, Record<string, unknown>> }
const gate = (): LooseGate => clone(readJson('experiments/gates/weights-pausing-vs-fifo.sim.json')) as LooseGate;

/** Broken files: each mutation must be refused by the parser and by the schema alike. */
const BROKEN: readonly { what: string; kind: Kind; json: () => unknown }[] = [
  { what: 'not an object', kind: 'experiment', json: () => [1] },
  { what: 'an unknown field', kind: 'experiment', json: () => ({ ...experiment(), extra: 1 }) },
  { what: 'no out', kind: 'experiment', json: () => ({ ...experiment(), out: undefined }) },
  { what: 'an id with a space', kind: 'experiment', json: () => ({ ...experiment(), id: 'a b' }) },
  { what: 'a short sha256', kind: 'experiment', json: () => ({ ...experiment(), traces: [{ path: 'a.csv', sha256: 'abc' }] }) },
  { what: 'an empty trace list', kind: 'experiment', json: () => ({ ...experiment(), traces: [] }) },
  { what: 'an unknown generator', kind: 'experiment', json: () => ({ ...experiment(), traces: [{ generate: { kind: 'nope' } }] }) },
  { what: 'a seed in a generator', kind: 'experiment', json: () => ({ ...experiment(), traces: [{ generate: { kind: 'mmc', seed: 1 } }] }) },
  { what: 'a generator option of the wrong type', kind: 'experiment', json: () => ({ ...experiment(), traces: [{ generate: { kind: 'mmc', rho: '0.8' } }] }) },
  { what: 'too many generated rows', kind: 'experiment', json: () => ({ ...experiment(), traces: [{ generate: { kind: 'serverless', n: 2e8 } }] }) },
  { what: 'a load of 0', kind: 'experiment', json: () => ({ ...experiment(), loads: [0] }) },
  { what: 'a load twice', kind: 'experiment', json: () => ({ ...experiment(), loads: [0.5, 0.5] }) },
  { what: 'loads as text', kind: 'experiment', json: () => ({ ...experiment(), loads: 'all' }) },
  { what: 'an arm with @', kind: 'experiment', json: () => ({ ...experiment(), arms: ['fifo@aging=5'] }) },
  { what: 'an arm twice', kind: 'experiment', json: () => ({ ...experiment(), arms: ['fifo', 'fifo'] }) },
  { what: 'split "random"', kind: 'experiment', json: () => ({ ...experiment(), split: 'random' }) },
  { what: 'fraction 1', kind: 'experiment', json: () => ({ ...experiment(), fraction: 1 }) },
  { what: 'windows 0', kind: 'experiment', json: () => ({ ...experiment(), windows: 0 }) },
  { what: 'workers 1.5', kind: 'experiment', json: () => ({ ...experiment(), workers: 1.5 }) },
  { what: 'levels 1', kind: 'experiment', json: () => ({ ...experiment(), levels: 1 }) },
  { what: 'a negative seed', kind: 'experiment', json: () => ({ ...experiment(), seed: -1 }) },
  { what: 'an unknown parameter', kind: 'experiment', json: () => ({ ...experiment(), overrides: [{ 'predictor.nope': 1 }] }) },
  { what: 'aging "on"', kind: 'experiment', json: () => ({ ...experiment(), overrides: [{ aging: 'on' }] }) },
  { what: 'a zero weight', kind: 'experiment', json: () => ({ ...experiment(), overrides: [{ weights: [8, 0, 1] }] }) },
  { what: 'override workers 0', kind: 'experiment', json: () => ({ ...experiment(), overrides: [{ workers: 0 }] }) },
  { what: 'repeats 0', kind: 'experiment', json: () => ({ ...experiment(), repeats: 0 }) },
  { what: 'ties "random"', kind: 'experiment', json: () => ({ ...experiment(), ties: 'random' }) },
  { what: 'jitter without ms', kind: 'experiment', json: () => ({ ...experiment(), jitter: ':1' }) },
  { what: 'latency_cdf "yes"', kind: 'experiment', json: () => ({ ...experiment(), latency_cdf: 'yes' }) },
  { what: 'cores 0', kind: 'experiment', json: () => ({ ...experiment(), cores: 0 }) },
  { what: 'overhead_ms −1', kind: 'experiment', json: () => ({ ...experiment(), overhead_ms: -1 }) },
  { what: '"shuffle" without replications', kind: 'experiment', json: () => ({ ...replicated(), replications: undefined }) },
  { what: 'jitter "MS" without replications', kind: 'experiment', json: () => ({ ...experiment(), jitter: '50' }) },
  { what: 'repeats with replications', kind: 'experiment', json: () => ({ ...replicated(), repeats: 2 }) },
  { what: 'a replication seed twice', kind: 'experiment', json: () => ({ ...replicated(), replications: [1, 1] }) },
  { what: 'both gate and gates', kind: 'sweep', json: () => ({ ...sweep(), gates: ['a.json'] }) },
  { what: 'neither gate nor gates', kind: 'sweep', json: () => ({ ...sweep(), gate: undefined }) },
  { what: 'no parameters', kind: 'sweep', json: () => ({ ...sweep(), parameters: {} }) },
  { what: 'a parameter value twice', kind: 'sweep', json: () => ({ ...sweep(), parameters: { 'predictor.minSamples': [5, 5] } }) },
  { what: 'mode "all"', kind: 'sweep', json: () => ({ ...sweep(), mode: 'all' }) },
  { what: 'replications in a sweep', kind: 'sweep', json: () => ({ ...sweep(), replications: [1] }) },
  { what: '"shuffle" in a sweep', kind: 'sweep', json: () => ({ ...sweep(), ties: 'shuffle' }) },
  { what: 'gate_unfrozen "yes"', kind: 'sweep', json: () => ({ ...sweep(), gate_unfrozen: 'yes' }) },
  { what: 'an unknown gate field', kind: 'gate', json: () => ({ ...gate(), extra: 1 }) },
  { what: 'no bootstrap', kind: 'gate', json: () => ({ ...gate(), bootstrap: undefined }) },
  { what: 'a block with iid', kind: 'gate', json: () => { const g = gate(); g.bootstrap['block'] = 4; return g; } },
  { what: '50 samples', kind: 'gate', json: () => { const g = gate(); g.bootstrap['samples'] = 50; return g; } },
  { what: 'confidence 1', kind: 'gate', json: () => { const g = gate(); g.bootstrap['confidence'] = 1; return g; } },
  { what: 'an unknown metric', kind: 'gate', json: () => { const g = gate(); g.criteria['mean_vs_fifo']!['metric'] = 'mean_ms'; return g; } },
  { what: 'a ratio limit of 0', kind: 'gate', json: () => { const g = gate(); g.criteria['p99_ratio']!['limit'] = 0; return g; } },
  { what: 'a relative delta of −1', kind: 'gate', json: () => { const g = gate(); g.criteria['mean_vs_fifo']!['limit'] = -1; return g; } },
  { what: 'a negative guardrail delta', kind: 'gate', json: () => { const g = gate(); g.criteria['p99_ratio']!['kind'] = 'relative_delta'; g.criteria['p99_ratio']!['limit'] = -0.1; return g; } },
  { what: 'role "main"', kind: 'gate', json: () => { const g = gate(); g.criteria['mean_vs_fifo']!['role'] = 'main'; return g; } },
  { what: 'an empty gate list', kind: 'gate', json: () => ({ ...gate(), gate: [] }) },
  { what: 'a criterion listed twice', kind: 'gate', json: () => ({ ...gate(), gate: ['p99_ratio', 'p99_ratio'] }) },
  { what: 'round_sig_digits 18', kind: 'gate', json: () => ({ ...gate(), round_sig_digits: 18 }) },
  { what: 'a short trace_sha256', kind: 'gate', json: () => ({ ...gate(), trace_sha256: 'abc' }) },
];

/** JSON without the fields set to undefined above (as a file would have them: absent). */
const asFile = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

group('the schemas and the parsers', () => {
  it('accept every committed experiment, sweep and gate file alike', () => {
    const files = committedFiles();
    expect(files.map((f) => f.kind)).toEqual(expect.arrayContaining(['experiment', 'sweep', 'gate']));
    for (const f of files) {
      expect({ file: f.name, parser: parsers[f.kind](f.json, f.name).ok, schema: schemaIssues(f.kind, f.json, f.name) }).toEqual({ file: f.name, parser: true, schema: [] });
    }
  });

  it('accept "$schema" (for editors) in each kind of file', () => {
    for (const f of committedFiles()) {
      const json = { $schema: `../docs/schemas/${f.kind}.schema.json`, ...(f.json as object) };
      expect([f.name, parsers[f.kind](json, f.name).ok, schemaIssues(f.kind, json, f.name)]).toEqual([f.name, true, []]);
    }
  });

  it.each(BROKEN.map((b) => [b.kind, b.what, b] as const))('both refuse a %s file with %s', (_kind, _what, b) => {
    const json = asFile(b.json());
    expect(parsers[b.kind](json, 'x.json').ok).toBe(false);
    expect(schemaIssues(b.kind, json, 'x.json')).not.toEqual([]);
  });

  it('share the field definitions of experiments and sweeps', () => {
    const defs = (name: SchemaName): Record<string, unknown> => (JSON.parse(readFileSync(schemaFile(name), 'utf8')) as { $defs: Record<string, unknown> }).$defs;
    expect(defs('sweep')).toEqual(defs('experiment'));
  });
});

group('schemaIssues and checkSchema', () => {
  it('name the file, the JSON path, what was found and what was expected', () => {
    const bad = { ...experiment(), windows: 0, extra: true, traces: [{ path: 'a.csv', sha256: 12 }] };
    expect(schemaIssues('experiment', bad, 'exp.json')).toEqual([
      'exp.json → extra: an unknown field "extra"; expected only $schema, id, description, traces, loads, arms, split, fraction, windows, window_by, workers, levels, seed, out, ties, jitter, latency_cdf, cores, overhead_ms, overrides, repeats, replications (docs/schemas/experiment.schema.json)',
      'exp.json → traces[0].sha256: 12; expected a string (docs/schemas/experiment.schema.json)',
      'exp.json → windows: 0; expected a number ≥ 1 (docs/schemas/experiment.schema.json)',
    ]);
  });

  it('refuse what the parser lets through (a description that is not text) with exit 2', () => {
    const json = { ...experiment(), description: 5 };
    expect(parseExperiment(json, 'exp.json').ok).toBe(true);
    expect(() => checkSchema('experiment', json, 'exp.json')).toThrow(InputError);
    expect(() => checkSchema('experiment', json, 'exp.json')).toThrow('exp.json → description: 5; expected a string (docs/schemas/experiment.schema.json)');
  });

  it('return quietly for a conforming file', () => {
    expect(() => checkSchema('gate', gate(), 'g.json')).not.toThrow();
  });

  it('turn JSON pointers into the parsers\' paths', () => {
    expect(pointerToPath('')).toBe('');
    expect(pointerToPath('/arms/2/load')).toBe('arms[2].load');
    expect(pointerToPath('/parameters/predictor.decay/0')).toBe('parameters.predictor.decay[0]');
    expect(pointerToPath('/a~1b/c~0d')).toBe('a/b.c~d');
  });
});

group('saved validators', () => {
  /** What a validator says of a document: valid or not, and its errors as ajv reports them (paths, params, schemas). */
  const verdict = (v: ValidateFunction, json: unknown): unknown => [v(json), v.errors ?? null];
  /** Documents of each kind: the committed files and every broken one above; for results, a few shapes. */
  const documents = (name: SchemaName): unknown[] => name === 'result'
    ? [{}, [], { tool: 'hsim', results: { '0.5': { compress: 1, arms: { fifo: { sim_seconds: -1 } } } } }]
    : [...committedFiles().filter((f) => f.kind === name).map((f) => f.json), ...BROKEN.filter((b) => b.kind === name).map((b) => asFile(b.json()))];

  it.each(['experiment', 'sweep', 'gate', 'result'] as const)('a saved %s validator says what the compiled one says, and a damaged one is compiled again', (name) => {
    const cache = mkdtempSync(join(tmpdir(), 'hsim-validators-'));
    try {
      const compiled = loadValidator(name, null); // compiled, nothing saved
      const first = loadValidator(name, cache); // compiled and saved
      const saved = readdirSync(cache);
      expect(saved).toEqual([expect.stringMatching(new RegExp(`^${name}-[0-9a-f]{20}\\.cjs$`))]);
      // A mark added to the saved module shows that the next call loads it rather than compiling.
      const file = join(cache, saved[0]!);
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nmodule.exports.fromSavedModule = true;\n`);
      const loaded = loadValidator(name, cache);
      expect(loaded).not.toBe(first);
      expect((loaded as ValidateFunction & { fromSavedModule?: boolean }).fromSavedModule).toBe(true);
      for (const doc of documents(name)) {
        const want = verdict(compiled, doc);
        expect(verdict(first, doc)).toEqual(want);
        expect(verdict(loaded, doc)).toEqual(want);
      }
      // A damaged module (a torn write, a bad disk) is not trusted: the schema is compiled again and saved anew.
      writeFileSync(file, 'module.exports = 42;');
      const again = loadValidator(name, cache);
      for (const doc of documents(name)) expect(verdict(again, doc)).toEqual(verdict(compiled, doc));
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).not.toBe('module.exports = 42;');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
