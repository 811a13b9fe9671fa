// A queue job's trace: read only inside the worker's folders and hashed before parsing, so no error quotes a file.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { SERVERLESS_DEFAULTS } from '../src/config/generator-defaults.ts';
import type { CellTask } from './cell-task.ts';
import { ensureGeneratedTrace, generatedTracePath } from './generated-trace-io.ts';
import { contentSha256, jobTracePath, runJobCell } from './job-trace-io.ts';
import type { GeneratorSpec } from '../src/config/generator-spec.ts';

const SECRET = 'SECRET-first-line-4f1c';
const spec: GeneratorSpec = { kind: 'serverless', options: { ...SERVERLESS_DEFAULTS, n: 2000, keys: 10 } };
let root = '';
let data = '';
let trace = '';
let sha = '';
let cacheBefore: string | undefined;

function task(patch: Partial<CellTask> = {}): CellTask {
  return {
    id: 'gen.0.8.fifo.0123456789', tracePath: trace, traceLabel: 'gen.csv', traceSha256: sha, load: '0.8', armText: 'fifo', key: 'fifo', levels: 3,
    workers: 4, seed: 1, split: 'time', fraction: 0.5, windows: 3, windowBy: 'time', cache: false,
    block: {
      id: 'gen.0.8.fifo.0123456789', index: 0, experiment: 'e', experiment_hash: 'b'.repeat(64), cells_total: 1, trace_name: 'gen', load: '0.8',
      arm: 'fifo', overrides: {}, repeat: 0, key: 'fifo', base: { levels: 3, workers: 4, seed: 1 },
    },
    ...patch,
  };
}

/** The message of the InputError `p` rejects with. */
async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(InputError);
  return (err as Error).message;
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'hsim-jobtrace-')));
  data = join(root, 'data');
  mkdirSync(data);
  trace = join(data, 'gen.csv');
  sha = await ensureGeneratedTrace(spec, 1, trace);
  writeFileSync(join(root, 'secret.txt'), `${SECRET}\nmore\n`);
  writeFileSync(join(data, 'inside-secret.csv'), `${SECRET}\n1,2,3\n`);
  symlinkSync(join(root, 'secret.txt'), join(data, 'link.csv'));
  cacheBefore = process.env.HSIM_CACHE_DIR;
  process.env.HSIM_CACHE_DIR = join(root, 'cache');
  process.env.HSIM_TEST_ENV_MARKER = 'ENV-MARKER-77a1';
});

afterAll(() => {
  if (cacheBefore === undefined) delete process.env.HSIM_CACHE_DIR;
  else process.env.HSIM_CACHE_DIR = cacheBefore;
});

describe('jobTracePath', () => {
  it('gives the trace inside a folder when its content has the job\'s SHA-256', async () => {
    expect(await jobTracePath(task(), [data])).toBe(trace);
    expect(await contentSha256(trace)).toBe(sha);
  });

  it('refuses /proc/self/environ, /etc/shadow and a link out of the folders without reading them', async () => {
    for (const p of ['/proc/self/environ', '/etc/shadow']) {
      const m = await refusal(jobTracePath(task({ tracePath: p }), [data]));
      expect(m).toContain(`queue job → tracePath: "${p}" is outside the folders this worker reads (${data})`);
      expect(m).not.toContain('ENV-MARKER');
    }
    const link = await refusal(jobTracePath(task({ tracePath: join(data, 'link.csv') }), [data]));
    expect(link).toContain('is outside the folders');
    expect(link).not.toContain(SECRET);
  });

  it('hashes a file inside the folders before parsing it: another file is refused without quoting it', async () => {
    const m = await refusal(jobTracePath(task({ tracePath: join(data, 'inside-secret.csv') }), [data]));
    expect(m).toContain(`does not have the job's SHA-256 ${sha}`);
    expect(m).not.toContain(SECRET);
    const out = await runJobCell(task({ tracePath: join(data, 'inside-secret.csv') }), [data]);
    expect(out.ok).toBe(false);
    expect(out.ok ? '' : out.message).not.toContain(SECRET);
    expect(await refusal(jobTracePath(task({ tracePath: join(data, 'missing.csv') }), [data]))).toContain('no file at');
  });

  it('generates a generated trace into the cache folder when the job\'s path is outside the folders', async () => {
    const path = await jobTracePath(task({ tracePath: '/etc/shadow', generate: { spec, seed: 1 } }), [data]);
    expect(path).toBe(generatedTracePath(join(root, 'cache'), spec, 1));
  });
});

describe('runJobCell', () => {
  it('runs the cell of an honest job; a job naming a file outside fails naming only the path', async () => {
    const ok = await runJobCell(task(), [data]);
    expect(ok.ok, ok.ok ? '' : ok.message).toBe(true);
    const bad = await runJobCell(task({ tracePath: join(root, 'secret.txt') }), [data]);
    expect(bad).toMatchObject({ ok: false, input: true });
    expect(bad.ok ? '' : bad.message).not.toContain(SECRET);
  });
});
