// Tests of reading a trace on a command's behalf: a cache warning is printed on stderr, once per reason, and never stops the run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREDICTOR_PARAMS } from '../src/predictor/params.ts';
import { Predictor } from '../src/predictor/predictor.ts';
import { warmCacheWarningLine } from './messages.ts';
import { cacheWarningLine, readTraceForCli, warmStoreForCli } from './trace-read-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-trace-read-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const CSV = 'arrival_ms,duration_ms,key\n1,2,k\n3,4,k\n';

describe('readTraceForCli', () => {
  it('prints an unwritable cache folder once, however often the trace is read', async () => {
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, 'x');
    const path = join(dir, 'a.csv');
    writeFileSync(path, CSV);
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => lines.push(String(chunk)) > 0);
    const cacheDir = join(blocker, 'cache');
    const first = await readTraceForCli(path, { cacheDir });
    const second = await readTraceForCli(path, { cacheDir });
    expect(first.trace.n).toBe(2);
    expect(second.cacheWarning).toBe(first.cacheWarning);
    expect(lines).toEqual([cacheWarningLine(first.cacheWarning!)]);
    expect(lines[0]).toMatch(/^hsim: warning: trace cache: cannot write the trace cache in .*blocker\/cache/);
  });

  it('prints nothing when the cache works, and throws what readTrace throws', async () => {
    const path = join(dir, 'b.csv');
    writeFileSync(path, CSV);
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => lines.push(String(chunk)) > 0);
    await readTraceForCli(path, { cacheDir: join(dir, 'cache') });
    await readTraceForCli(path, { cacheDir: join(dir, 'cache') });
    expect(lines).toEqual([]);
    await expect(readTraceForCli(join(dir, 'none.csv'))).rejects.toThrow(/none\.csv: no such file/);
  });

  it('gives a warm-start store in the cache folder (none with the cache off) whose warnings are printed once', async () => {
    const path = join(dir, 'c.csv');
    writeFileSync(path, CSV);
    const loaded = await readTraceForCli(path, { cacheDir: join(dir, 'cache') });
    expect(warmStoreForCli(loaded, { cache: false })).toBeNull();
    const id = { first: 1, compress: 1, params: DEFAULT_PREDICTOR_PARAMS, keysProducer: false, sizebins: false };
    const store = warmStoreForCli(loaded, { cacheDir: join(dir, 'cache') })!;
    store.save(loaded.trace, id, new Predictor(DEFAULT_PREDICTOR_PARAMS));
    expect(store.load(loaded.trace, id)!.exportState()).toEqual(new Predictor(DEFAULT_PREDICTOR_PARAMS).exportState());
    const blocker = join(dir, 'warm-blocker');
    writeFileSync(blocker, 'x');
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => lines.push(String(chunk)) > 0);
    const blocked = warmStoreForCli(loaded, { cacheDir: join(blocker, 'cache') })!;
    blocked.save(loaded.trace, id, new Predictor(DEFAULT_PREDICTOR_PARAMS));
    blocked.save(loaded.trace, id, new Predictor(DEFAULT_PREDICTOR_PARAMS));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(warmCacheWarningLine(lines[0]!.slice('hsim: warning: warm-start cache: '.length, -1)));
    expect(lines[0]).toMatch(/^hsim: warning: warm-start cache: cannot write the warm-start cache in .*warm-blocker\/cache \(/);
  });
});
