// Generator specs in experiment files: validation with JSON paths, canonical defaults, and the hash that names a trace.
import { describe, expect, it } from 'vitest';
import { SERVERLESS_DEFAULTS } from './generator-defaults.ts';
import { generatorSpecHash, parseGeneratorSpec } from './generator-spec.ts';
import { IssueList } from './json-shape.ts';

function parse(input: unknown): { spec: ReturnType<typeof parseGeneratorSpec>; issues: string[] } {
  const issues = new IssueList('e.json');
  return { spec: parseGeneratorSpec(input, 'traces[0].generate', issues), issues: issues.issues };
}

describe('parseGeneratorSpec', () => {
  it('fills in the defaults, so a spec that states a default equals one that leaves it out', () => {
    const a = parse({ kind: 'serverless', n: 500 }).spec!;
    expect(a.options).toEqual({ ...SERVERLESS_DEFAULTS, n: 500 });
    const b = parse({ n: 500, kind: 'serverless', zipf: SERVERLESS_DEFAULTS.zipf }).spec!;
    expect(generatorSpecHash(b)).toBe(generatorSpecHash(a));
    expect(parse({ kind: 'mmc', service: 'lognormal' }).spec!.options['service']).toBe('lognormal');
  });

  it('names every bad field by its JSON path', () => {
    expect(parse('serverless').issues).toEqual([expect.stringContaining('e.json → traces[0].generate: "serverless"')]);
    expect(parse({ kind: 'zipf' }).issues).toEqual([expect.stringContaining('e.json → traces[0].generate.kind: "zipf"; expected one of mmc, priority, serverless, prodflow')]);
    const bad = parse({ kind: 'mmc', n: '10', service: 'pareto', rate: 3, seed: 1 });
    expect(bad.spec).toBeNull();
    const text = bad.issues.join('\n');
    expect(text).toContain('traces[0].generate.n: "10"');
    expect(text).toContain('traces[0].generate.service: "pareto"');
    expect(text).toContain('traces[0].generate.rate: an unknown field');
    expect(text).toContain('traces[0].generate.seed: a seed in the generator spec');
  });

  it('refuses a row count past INPUT_RANGES.generatedRows (1e12 rows would fill the disk before failing)', () => {
    const huge = parse({ kind: 'serverless', n: 1e12 });
    expect(huge.spec).toBeNull();
    expect(huge.issues).toEqual([expect.stringContaining('traces[0].generate.n: 1000000000000; expected an integer from 1 to 100000000')]);
    expect(parse({ kind: 'serverless', n: 100_000_000 }).spec).not.toBeNull();
  });
});

describe('generatorSpecHash', () => {
  it('differs by seed and by option, and is the SHA-256 of the canonical JSON', () => {
    const spec = parse({ kind: 'prodflow' }).spec!;
    expect(generatorSpecHash(spec, 1)).not.toBe(generatorSpecHash(spec, 2));
    expect(generatorSpecHash(spec)).not.toBe(generatorSpecHash(parse({ kind: 'prodflow', workers: 8 }).spec!));
    // sha256sum of the stable JSON {"kind": "prodflow", "options": {"workers": 4}} (sorted keys, two-space indent, final LF).
    expect(generatorSpecHash(spec)).toBe('fb6d782fbb13b32db6f688e3f9a19d501159c194fc44fe5ca6dc2564e11e75f5');
  });
});
