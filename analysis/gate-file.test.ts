// parseGateFile: every committed gate file parses, and bad gate files get located messages.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGateFile } from './gate-file.ts';
import { publishedGate } from './fixtures/result-file-fixture.ts';

const gatesDir = join(import.meta.dirname, '..', 'experiments', 'gates');

describe('parseGateFile', () => {
  it('accepts every example gate file in experiments/gates', () => {
    const files = readdirSync(gatesDir).filter((f) => f.endsWith('.json') && !f.endsWith('.lock.json'));
    expect(files.length).toBe(4);
    for (const f of files) {
      const parsed = parseGateFile(JSON.parse(readFileSync(join(gatesDir, f), 'utf8')), f);
      expect(parsed.ok, f).toBe(true);
      if (parsed.ok) {
        expect(parsed.value.windows).toBe(f.includes('replay') ? 28 : 7);
        expect(parsed.value.bootstrap.method).toBe(f.includes('replay') ? 'moving-block' : 'iid');
      }
    }
  });

  it('fills the default block length and keeps optional fields', () => {
    const parsed = parseGateFile(publishedGate({ bootstrap: { method: 'circular-block', samples: 1000, seed: 1, confidence: 0.9 } }), 'g.json');
    expect(parsed.ok && parsed.value.bootstrap.block).toBe(4);
    expect(parsed.ok && parsed.value.roundSigDigits).toBe(6);
  });

  it('reports every problem at once, each with its JSON path', () => {
    const bad = publishedGate({
      bootstrap: { method: 'jackknife', samples: 99, seed: 1.5, confidence: 1 },
      criteria: {
        mean_vs_fifo: { arm: 'a', baseline: 'fifo', metric: 'mean_latency', kind: 'relative_delta', limit: -1.5, role: 'primary' },
        p99_ratio: { arm: 'a', baseline: 'fifo', metric: 'p99_latency_ms', kind: 'ratio', limit: -2, role: 'guardrail' },
        guard: { arm: 'a', baseline: 'fifo', metric: 'p99_latency_ms', kind: 'relative_delta', limit: -0.1, role: 'boss' },
      },
      gate: ['mean_vs_fifo', 'nope'],
      extra: 1,
    });
    const parsed = parseGateFile(bad, 'g.json');
    expect(parsed.ok).toBe(false);
    const text = parsed.ok ? '' : parsed.issues.join('\n');
    for (const path of ['bootstrap.method', 'bootstrap.samples', 'bootstrap.seed', 'bootstrap.confidence', 'criteria.mean_vs_fifo.metric', 'criteria.mean_vs_fifo.limit', 'criteria.p99_ratio.limit', 'criteria.guard.role', 'gate[1]', 'extra']) {
      expect(text).toContain(`g.json → ${path}:`);
    }
    expect(text).toContain('"jackknife"');
  });

  it('rejects a block with iid, a negative guardrail delta and a non-object', () => {
    const parsed = parseGateFile(publishedGate({
      bootstrap: { method: 'iid', block: 4, samples: 1000, seed: 1, confidence: 0.95 },
      criteria: { g: { arm: 'a', baseline: 'b', metric: 'p99_latency_ms', kind: 'relative_delta', limit: -0.1, role: 'guardrail' } },
      gate: ['g'],
    }), 'g.json');
    expect(parsed.ok ? [] : parsed.issues.map((i) => i.split(':')[0])).toEqual(['g.json → bootstrap.block', 'g.json → criteria.g.limit']);
    expect(parseGateFile([], 'g.json').ok).toBe(false);
  });
});
