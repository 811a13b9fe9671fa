// Result files on disk: written atomically as stable JSON, read back by the one reader, unreadable ones named.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../errors.ts';
import { METRIC_NAMES, type MetricObject } from './metric-names.ts';
import { buildResultFile } from './result-file.ts';
import { readResultJson, readResultSources, resultFileText, writeResultFile } from './result-file-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-result-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const zeros = (): MetricObject => Object.fromEntries(METRIC_NAMES.map((n) => [n, 0])) as MetricObject;

describe('writeResultFile and readResultSources', () => {
  it('writes sorted-key JSON with no temp file left, and reads it back', () => {
    const out = { trace: { rows: 2, history_rows: 1, evaluation_rows: 1, boundaries_ms: [] }, results: { '0.5': { compress: 1, arms: { fifo: { all: zeros(), windows: [zeros()], sim_seconds: 0 } } } } };
    const path = join(dir, 'r.json');
    const file = buildResultFile({ version: '0', commit: 'c' }, 't.csv', 'a'.repeat(64), out, { seed: 1 });
    writeResultFile(path, file);
    const text = readFileSync(path, 'utf8');
    // Streamed to disk, the bytes are the stable JSON text, and the sidecar holds their hash.
    expect(text).toBe(resultFileText(file));
    expect(readFileSync(`${path}.sha256`, 'utf8')).toBe(`${createHash('sha256').update(text).digest('hex')}  r.json\n`);
    expect(text.indexOf('"commit"')).toBeLessThan(text.indexOf('"tool"'));
    expect(readdirSync(dir)).toEqual(['r.json', 'r.json.sha256']); // the result and its hash, no temp file
    const [read] = readResultSources(path);
    expect(read!.result.results['0.5']!.arms['fifo']!.windows).toHaveLength(1);
    expect(readResultJson(path)).toMatchObject({ tool: 'hsim' });
  });

  it('refuses a file that is not JSON, naming it', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{');
    expect(() => readResultSources(bad)).toThrow(InputError);
    expect(() => readResultJson(join(dir, 'missing.json'))).toThrow(/missing\.json/);
  });
});
