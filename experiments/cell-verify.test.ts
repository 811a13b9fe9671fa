// A coordinator trusts nothing a queue worker returns: honest cells pass with their worker named, altered ones are refused.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVERLESS_DEFAULTS } from '../src/config/generator-defaults.ts';
import { readTrace } from '../traces/trace-io.ts';
import { configHash } from '../src/json/config-hash.ts';
import { runCellTask, taskConfig, type CellTask } from './cell-task.ts';
import { plannedRows, verifyReturnedCell, type CellPlan } from './cell-verify.ts';
import { ensureGeneratedTrace } from './generated-trace-io.ts';
import { optionsRecord } from '../sim/simulation-config-io.ts';

let plan: CellPlan;
let text = '';

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hsim-verify-'));
  const path = join(dir, 'gen.csv');
  const sha = await ensureGeneratedTrace({ kind: 'serverless', options: { ...SERVERLESS_DEFAULTS, n: 2000, keys: 10 } }, 1, path);
  const task: CellTask = {
    id: 'gen.0.8.fifo.0123456789', tracePath: path, traceLabel: 'gen.csv', traceSha256: sha, load: '0.8', armText: 'fifo', key: 'fifo', levels: 3,
    workers: 4, seed: 1, split: 'time', fraction: 0.5, windows: 3, windowBy: 'time', cache: false, jitter: '50:1',
    block: {
      id: 'gen.0.8.fifo.0123456789', index: 0, experiment: 'e', experiment_hash: 'b'.repeat(64), cells_total: 1, trace_name: 'gen', load: '0.8',
      arm: 'fifo', overrides: {}, repeat: 0, key: 'fifo', base: { levels: 3, workers: 4, seed: 1 },
    },
  };
  const cfg = taskConfig(task);
  plan = { task, configHash: configHash(optionsRecord(cfg), sha), rows: plannedRows((await readTrace(path, { cache: false })).trace, cfg) };
  const out = await runCellTask(task);
  if (!out.ok) throw new Error(out.message);
  text = out.text;
});

/** A parsed cell file, loosely typed for editing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests edit arbitrary fields of parsed JSON
type Loose = Record<string, any>;

/** The cell text with `edit` applied to its parsed JSON. */
function altered(edit: (f: Loose) => void): string {
  const f = JSON.parse(text) as Loose;
  edit(f);
  return JSON.stringify(f);
}

const arm = (f: Loose): Loose => f.results['0.8'].arms.fifo as Loose;

describe('verifyReturnedCell', () => {
  it('accepts an honest cell (after jitter: the planned rows follow the perturbation) and records its worker', () => {
    const o = verifyReturnedCell(plan, { ok: true, id: plan.task.id, text, worker: 'node7:4242' });
    expect(o.ok, o.ok ? '' : o.message).toBe(true);
    if (!o.ok) return;
    expect(o.id).toBe(plan.task.id);
    const back = JSON.parse(o.text) as Record<string, unknown>;
    expect(back['queue_worker']).toBe('node7:4242');
    delete back['queue_worker'];
    expect(back).toEqual(JSON.parse(text));
  });

  it('refuses a returned id that is not the planned one (a path such as ../../package)', () => {
    const o = verifyReturnedCell(plan, { ok: true, id: '../../../package', text, worker: 'w' });
    expect(o).toMatchObject({ ok: false, id: plan.task.id });
    expect(o.ok ? '' : o.message).toContain('cell gen.0.8.fifo.0123456789 from worker w refused: the id "../../../package", not the cell\'s');
  });

  it('refuses altered results, naming each problem', () => {
    const refused = (t: string, returned: Record<string, unknown> = {}): string => {
      const o = verifyReturnedCell(plan, { ok: true, id: plan.task.id, text: t, worker: 'rogue', ...returned });
      expect(o.ok).toBe(false);
      return o.ok ? '' : o.message;
    };
    expect(refused(altered((f) => (arm(f).all.count += 1)))).toContain(`all.count ${plan.rows!.evaluation + 1}; expected the ${plan.rows!.evaluation} evaluation rows`);
    expect(refused(altered((f) => (arm(f).all.p50_latency_ms = -1)))).toContain('all.p50_latency_ms -1; expected a finite number ≥ 0');
    expect(refused(altered((f) => (arm(f).all.p50_latency_ms = arm(f).all.p99_latency_ms + 1)))).toContain('expected p50 ≤ p95 ≤ p99');
    expect(refused(altered((f) => (arm(f).windows[0].mean_latency_ms = -0.5)))).toContain('windows[0].mean_latency_ms');
    expect(refused(altered((f) => (f.config_hash = 'f'.repeat(64))))).toContain(`input hash ${'f'.repeat(64)}; expected ${plan.configHash}`);
    expect(refused(altered((f) => (f.trace.sha256 = 'e'.repeat(64))))).toContain(`trace SHA-256 ${'e'.repeat(64)}`);
    expect(refused(altered((f) => (f.cell.index = 5)))).toContain('a cell block other than the planned one');
    expect(refused(altered((f) => (f.trace.evaluation_rows -= 1)))).toContain('evaluated; expected');
    expect(refused(altered((f) => (f.queue_worker = 'someone else')))).toContain('a queue_worker field of its own');
    expect(refused('{"not": "a cell"')).toContain('a text that is not JSON');
    expect(refused(altered((f) => delete f.results))).toContain('refused');
    expect(refused(text, { worker: 'bad\nname' })).toContain('no worker name');
    expect(refused(text, { ok: false })).toContain('not a finished cell');
  });
});
