// Tests of reading a trace on a command's behalf: a cache warning is printed on stderr, once per reason, and never stops the run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { cacheWarningLine, readTraceForCli } from './trace-read-io.ts';

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
});
