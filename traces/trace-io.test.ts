// Tests of trace files on disk: write → read round trips (.csv, .csv.gz), SHA-256, the sidecar, atomicity, the cache.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../src/errors.ts';
import { hasShared, sharedFile } from '../src/io/shared-io.ts';
import { traceFromRows, type Trace, type TraceRow } from '../src/trace/trace.ts';
import { encodeTraceCache } from './trace-cache.ts';
import { formatTraceCsv } from './trace-csv.ts';
import { metaPathFor, readTrace, writeTrace } from './trace-io.ts';
import type { TraceMetaInput } from './trace-meta.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-trace-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const META: TraceMetaInput = {
  source: { format: 'test', file: null, sha256: null },
  converter: { name: 'test', version: '0', options: { a: 1 } },
  rows: { read: 5, kept: 4, rejected: 1, rejected_by_reason: { bad: 1 } },
};

const ROWS: TraceRow[] = [
  { arrival_ms: 10, duration_ms: 0.1 + 0.2, key: 'b', class: 'x' },
  { arrival_ms: 1e-7, duration_ms: 123456789.123, key: 'a,"q"', class: 'y' },
  { arrival_ms: 10, duration_ms: 0, key: 'b', class: 'x' },
  { arrival_ms: 3, duration_ms: 7, key: 'c\nd', class: 'x' },
];

function unsortedTrace(): Trace {
  // Built unsorted on purpose: writeTrace must sort stably by arrival.
  const keys = ['b', 'a,"q"', 'c\nd'];
  return {
    n: 4,
    arrival: Float64Array.from([10, 1e-7, 10, 3]),
    duration: Float64Array.from([0.1 + 0.2, 123456789.123, 0, 7]),
    keyId: Int32Array.from([0, 1, 0, 2]),
    keys,
    classId: Int32Array.from([0, 1, 0, 0]),
    classes: ['x', 'y'],
    size: null,
  };
}

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describe('writeTrace / readTrace', () => {
  it('round-trips through .csv and .csv.gz with equal SHA-256 of the uncompressed bytes', async () => {
    const expected = traceFromRows(ROWS);
    const plain = await writeTrace(join(dir, 'rt.csv'), unsortedTrace(), META);
    const gz = await writeTrace(join(dir, 'rt-gz.csv.gz'), unsortedTrace(), META);
    const bytes = readFileSync(join(dir, 'rt.csv'));
    expect(bytes.toString('utf8')).toBe(formatTraceCsv(expected));
    expect(plain.sha256).toBe(sha(bytes));
    expect(gz.sha256).toBe(plain.sha256);
    for (const name of ['rt.csv', 'rt-gz.csv.gz']) {
      const loaded = await readTrace(join(dir, name), { cache: false });
      expect(loaded.sha256).toBe(plain.sha256);
      expect(formatTraceCsv(loaded.trace)).toBe(formatTraceCsv(expected));
      expect(loaded.meta).toEqual(name === 'rt.csv' ? plain : gz);
    }
  });

  it('writes the full meta sidecar beside the trace', async () => {
    const meta = await writeTrace(join(dir, 'm.csv.gz'), unsortedTrace(), META);
    const onDisk = JSON.parse(readFileSync(join(dir, 'm.meta.json'), 'utf8')) as unknown;
    expect(onDisk).toEqual(meta);
    expect(meta).toMatchObject({
      format: 'hsim-trace',
      format_version: 1,
      columns: ['arrival_ms', 'duration_ms', 'key', 'class'],
      keys: 3,
      classes: 2,
      arrival_span_ms: { first: 1e-7, last: 10 },
      rows: META.rows,
      converter: META.converter,
    });
  });

  it('leaves neither file behind when the write fails', async () => {
    // The sidecar path is an existing folder, so its rename fails after the trace was complete.
    mkdirSync(join(dir, 'fail.meta.json'));
    await expect(writeTrace(join(dir, 'fail.csv'), unsortedTrace(), META)).rejects.toThrow();
    expect(existsSync(join(dir, 'fail.csv'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('names the sidecar of NAME.csv and NAME.csv.gz NAME.meta.json', () => {
    expect(metaPathFor('/a/b/trace.csv')).toBe('/a/b/trace.meta.json');
    expect(metaPathFor('/a/b/trace.csv.gz')).toBe('/a/b/trace.meta.json');
    expect(metaPathFor('x.v2.CSV.GZ')).toBe('x.v2.meta.json');
  });

  it('recognises gzip by content, not by name', async () => {
    const text = formatTraceCsv(traceFromRows(ROWS));
    writeFileSync(join(dir, 'gz-named-csv.csv'), gzipSync(text));
    const loaded = await readTrace(join(dir, 'gz-named-csv.csv'), { cache: false });
    expect(loaded.sha256).toBe(sha(new TextEncoder().encode(text)));
    expect(loaded.meta).toBeNull();
  });

  it('reports a missing file, a corrupt gzip stream, a bad row and a malformed sidecar as InputErrors', async () => {
    await expect(readTrace(join(dir, 'nope.csv'), { cache: false })).rejects.toThrow(/nope\.csv: no such file/);
    const gz = gzipSync('arrival_ms,duration_ms,key\n' + '1,2,k\n'.repeat(1000));
    writeFileSync(join(dir, 'corrupt.csv.gz'), gz.subarray(0, gz.length - 30));
    await expect(readTrace(join(dir, 'corrupt.csv.gz'), { cache: false })).rejects.toBeInstanceOf(InputError);
    writeFileSync(join(dir, 'row.csv'), 'arrival_ms,duration_ms,key\n1,2,k\n1,-3,k\n');
    await expect(readTrace(join(dir, 'row.csv'), { cache: false })).rejects.toThrow(/row\.csv:3: duration_ms is "-3"/);
    writeFileSync(join(dir, 'side.csv'), 'arrival_ms,duration_ms,key\n1,2,k\n');
    writeFileSync(join(dir, 'side.meta.json'), '{ not json');
    await expect(readTrace(join(dir, 'side.csv'), { cache: false })).rejects.toThrow(/side\.meta\.json: not valid JSON/);
  });

  it('refuses a trace beside the meta of another trace (a write killed between its renames), with and without the cache', async () => {
    const path = join(dir, 'mixed.csv');
    const meta = await writeTrace(path, unsortedTrace(), META);
    expect((await readTrace(path, { cache: false })).sha256).toBe(meta.sha256);
    // The trace renamed into place, the process killed before the meta's rename: the old meta stays.
    writeFileSync(path, 'arrival_ms,duration_ms,key\n1,2,k\n');
    const other = sha(readFileSync(path));
    for (const opts of [{ cache: false }, { cacheDir: join(dir, 'mixed-cache') }, { cacheDir: join(dir, 'mixed-cache') }]) {
      await expect(readTrace(path, opts)).rejects.toThrow(new RegExp(`mixed\\.meta\\.json → sha256: ${meta.sha256}, but the trace beside it has SHA-256 ${other}`));
    }
  });
});

describe('binary cache', () => {
  it('is built on the first read, hit on the next, and gives the same trace as parsing', async () => {
    const cacheDir = join(dir, 'cache-hit');
    const path = join(dir, 'cached.csv.gz');
    await writeTrace(path, unsortedTrace(), META);
    const parsed = await readTrace(path, { cache: false });
    const first = await readTrace(path, { cacheDir });
    expect(readdirSync(cacheDir)).toEqual([`${sha(readFileSync(path))}.trace`]);
    const second = await readTrace(path, { cacheDir });
    for (const loaded of [first, second]) {
      expect(loaded.sha256).toBe(parsed.sha256);
      expect(formatTraceCsv(loaded.trace)).toBe(formatTraceCsv(parsed.trace));
      expect(Array.from(loaded.trace.keyId)).toEqual(Array.from(parsed.trace.keyId));
    }
  });

  // The cache is input (threat model: traces/payload-hash.ts). Each attack below once changed what was simulated.
  describe('as untrusted input', () => {
    const setUp = async (name: string): Promise<{ cacheDir: string; path: string; entry: string; csv: Trace }> => {
      const cacheDir = join(dir, `cache-${name}`);
      const path = join(dir, `${name}.csv.gz`);
      await writeTrace(path, unsortedTrace(), META);
      const csv = (await readTrace(path, { cache: false })).trace;
      expect((await readTrace(path, { cacheDir })).cacheWarning).toBeNull();
      return { cacheDir, path, entry: join(cacheDir, `${sha(readFileSync(path))}.trace`), csv };
    };
    const expectFromCsv = async (path: string, cacheDir: string, csv: Trace, entry: string, reason: RegExp): Promise<void> => {
      const again = await readTrace(path, { cacheDir });
      expect(formatTraceCsv(again.trace)).toBe(formatTraceCsv(csv));
      expect(again.cacheWarning).toMatch(reason);
      expect(again.cacheWarning!.startsWith(`${entry} was not used: `)).toBe(true);
      expect((await readTrace(path, { cacheDir })).cacheWarning).toBeNull();
    };

    it('ignores a .ref naming another trace\'s content, and refuses another file\'s entry under this file\'s name', async () => {
      const { cacheDir, path, entry, csv } = await setUp('ref');
      const other = join(dir, 'ref-other.csv');
      writeFileSync(other, 'arrival_ms,duration_ms,key\n42,1,decoy\n');
      const otherSha = sha(readFileSync(other));
      await readTrace(other, { cacheDir });
      // The old layout's redirect: `<file sha256>.ref` → another content's entry. Entries are now named by the file read.
      writeFileSync(join(cacheDir, `${sha(readFileSync(path))}.ref`), JSON.stringify({ file_sha256: sha(readFileSync(path)), sha256: otherSha }));
      expect(formatTraceCsv((await readTrace(path, { cacheDir })).trace)).toBe(formatTraceCsv(csv));
      writeFileSync(entry, readFileSync(join(cacheDir, `${otherSha}.trace`)));
      await expectFromCsv(path, cacheDir, csv, entry, new RegExp(`built from another file \\(SHA-256 ${otherSha}\\); rebuilt it$`));
    });

    it('refuses an entry whose columns were edited and the CRC-32 of version 1 recomputed', async () => {
      const { cacheDir, path, entry, csv } = await setUp('crc');
      const bytes = readFileSync(entry);
      const body = bytes.length - 16;
      // The 7-ms duration becomes 7 s (found by value, 8-aligned as the columns are), then the CRC-32 patched in.
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      let edited = 0;
      for (let at = 16; at + 8 <= body; at += 8) {
        if (view.getFloat64(at, true) !== 7) continue;
        view.setFloat64(at, 7000, true);
        edited++;
      }
      expect(edited).toBe(1);
      view.setUint32(body - 4, crc32(bytes.subarray(0, body - 4)), true);
      writeFileSync(entry, bytes);
      await expectFromCsv(path, cacheDir, csv, entry, /payload hash mismatch \(stored [0-9a-f]{32}, computed [0-9a-f]{32}\)/);
    });

    it('refuses a well-hashed entry with a key id out of range or a NaN duration (which stalled the engine)', async () => {
      const { cacheDir, path, entry, csv } = await setUp('range');
      const fileSha = sha(readFileSync(path));
      const contentSha = sha(gunzipSync(readFileSync(path)));
      const forged: [Trace, RegExp][] = [
        [{ ...csv, keyId: Int32Array.from([0, 1, 0, 3]) }, /column keyId row 3: key id 3 is outside the 3 keys/],
        [{ ...csv, duration: Float64Array.from([1, Number.NaN, 0, 7]) }, /column duration row 1: NaN is not a finite duration/],
      ];
      for (const [t, reason] of forged) {
        writeFileSync(entry, encodeTraceCache(t, contentSha, fileSha));
        await expectFromCsv(path, cacheDir, csv, entry, reason);
      }
    });
  });

  // Each damage: what it does to a good cache file, and the warning expected (provenance: readTraceCacheFile's reasons).
  const damages: [string, (good: Buffer) => Buffer, RegExp][] = [
    ['corrupt (a flipped byte)', (good) => Buffer.from(good).fill(good[good.length - 24]! ^ 0xff, good.length - 24, good.length - 23), /was not used: payload hash mismatch \(stored [0-9a-f]+, computed [0-9a-f]+\): the file is corrupt or was edited; rebuilt it$/],
    ['half-written (cut short)', (good) => good.subarray(0, good.length - 20), /was not used: \d+ bytes where its header implies \d+ \(half-written or truncated\); rebuilt it$/],
  ];
  for (const [name, damage, warning] of damages) {
    it(`is refused when ${name}, rebuilt, and the reason given once`, async () => {
      const cacheDir = join(dir, `cache-${name.split(' ')[0]}`);
      const path = join(dir, `${name.split(' ')[0]}-cache.csv`);
      const meta = await writeTrace(path, unsortedTrace(), META);
      const parsed = await readTrace(path, { cacheDir });
      const file = join(cacheDir, `${meta.sha256}.trace`);
      const good = readFileSync(file);
      writeFileSync(file, damage(good));
      const again = await readTrace(path, { cacheDir });
      expect(formatTraceCsv(again.trace)).toBe(formatTraceCsv(parsed.trace));
      expect(readFileSync(file).equals(good)).toBe(true);
      expect(parsed.cacheWarning).toBeNull();
      expect(again.cacheWarning).toMatch(warning);
      expect(again.cacheWarning!.startsWith(file)).toBe(true);
      expect((await readTrace(path, { cacheDir })).cacheWarning).toBeNull();
    });
  }

  it('reads correctly from the CSV when the cache folder cannot be written, and names the folder', async () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the cache folder should be');
    const path = join(dir, 'unwritable.csv');
    await writeTrace(path, unsortedTrace(), META);
    const loaded = await readTrace(path, { cacheDir: join(blocker, 'cache') });
    expect(loaded.trace.n).toBe(4);
    expect(loaded.cacheWarning).toMatch(new RegExp(`^cannot write the trace cache in ${join(blocker, 'cache')} \\(.*ENOTDIR.*\\); the run goes on without it \\(set HSIM_CACHE_DIR`));
  });

  it('removes temporary files left by a killed writer (gone pid, old file) and keeps live ones', async () => {
    const cacheDir = join(dir, 'cache-stale');
    mkdirSync(cacheDir);
    // pid 2^30 is above Linux's pid_max (2^22), so no process has it.
    const stale = join(cacheDir, `.${'c'.repeat(64)}.trace.${2 ** 30}.1.tmp`);
    const fresh = join(cacheDir, `.${'d'.repeat(64)}.trace.${2 ** 30}.2.tmp`);
    const live = join(cacheDir, `.${'e'.repeat(64)}.trace.${process.pid}.3.tmp`);
    for (const f of [stale, fresh, live]) writeFileSync(f, 'partial');
    utimesSync(stale, new Date(2020, 0, 1), new Date(2020, 0, 1));
    utimesSync(live, new Date(2020, 0, 1), new Date(2020, 0, 1));
    const path = join(dir, 'stale.csv');
    await writeTrace(path, unsortedTrace(), META);
    await readTrace(path, { cacheDir });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(live)).toBe(true);
  });

  it('is not trusted once the file changed (another SHA-256), and not written with cache: false', async () => {
    const cacheDir = join(dir, 'cache-changed');
    const path = join(dir, 'changing.csv');
    writeFileSync(path, 'arrival_ms,duration_ms,key\n1,2,old\n');
    expect((await readTrace(path, { cacheDir })).trace.keys).toEqual(['old']);
    writeFileSync(path, 'arrival_ms,duration_ms,key\n1,2,new\n');
    expect((await readTrace(path, { cacheDir })).trace.keys).toEqual(['new']);
    const off = join(dir, 'cache-off');
    await readTrace(path, { cacheDir: off, cache: false });
    expect(existsSync(off)).toBe(false);
  });
});

describe.skipIf(!hasShared())('shared benchmark trace (skipped: ../shared absent)', () => {
  it('reproduces the SHA-256 of synth2m given in ../shared/bench/README.md, with 2,000,000 rows', async () => {
    const path = sharedFile('bench', 'synth2m.csv.gz');
    expect(path).not.toBeNull();
    const loaded = await readTrace(path!, { cache: false });
    // Provenance: ../shared/bench/README.md, "SHA-256 of the uncompressed CSV".
    expect(loaded.sha256).toBe('71c0cd0acd1772d1db49c1cf356d63aede60bbf0d3ed0156557c2d20d1d98bb7');
    expect(loaded.trace.n).toBe(2_000_000);
    // Provenance: the same README — 424 keys.
    expect(loaded.trace.keys.length).toBe(424);
  });
});
