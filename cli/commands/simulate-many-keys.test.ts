// End-to-end: `hsim simulate --by-key -o` on a trace of 200 000 distinct keys completes, its result streamed to disk.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const hsim = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'hsim.js');
const dir = mkdtempSync(join(tmpdir(), 'hsim-many-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEYS = 200_000;

/** A trace of `n` rows, one key each (`k0` … `k{n−1}`), arrivals 1 ms apart. */
function writeManyKeys(path: string, n: number): void {
  const fd = openSync(path, 'w');
  writeSync(fd, 'arrival_ms,duration_ms,key\n');
  let chunk = '';
  for (let i = 0; i < n; i++) {
    chunk += `${i},${1 + (i % 7)},k${i}\n`;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, chunk);
  closeSync(fd);
}

describe('hsim simulate --by-key on many keys', () => {
  // The result (~27 MB here) is written in pieces; 5 M keys (~0.7 GB of JSON, beyond V8's longest string, which
  // failed with exit 3 "Invalid string length" when the text was built whole) were run by hand the same way.
  it('writes a result with every key, its hash sidecar matching, and no temporary file left', () => {
    const trace = join(dir, 'many.csv');
    writeManyKeys(trace, KEYS);
    const r = spawnSync(process.execPath, [hsim, 'simulate', 'many.csv', '--arm', 'fifo', '--load', 'as-is', '--split', 'none', '--by-key', '--no-cache', '--quiet', '-o', 'r.json'], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const bytes = readFileSync(join(dir, 'r.json'));
    const parsed = JSON.parse(bytes.toString('utf8')) as { results: Record<string, { arms: Record<string, { by_key: Record<string, { count: number }> }> }> };
    const byKey = parsed.results['as-is']!.arms['fifo']!.by_key;
    expect(Object.keys(byKey)).toHaveLength(KEYS);
    expect(byKey['k123456']).toMatchObject({ count: 1 });
    expect(readFileSync(join(dir, 'r.json.sha256'), 'utf8')).toBe(`${createHash('sha256').update(bytes).digest('hex')}  r.json\n`);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  }, 300_000);
});
