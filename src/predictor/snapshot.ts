// Versioned binary encoding of a Predictor's full state (SPEC §6 snapshots): pure encode and decode.
import { InputError, atLocation } from '../errors.ts';
import { BIN_COUNT } from './bins.ts';
import { crc32 } from './crc32.ts';
import { PREDICTOR_PARAM_NAMES, validatePredictorParams } from './params.ts';
import type { PredictorParams, PredictorSummary } from './params.ts';
import { Predictor } from './predictor.ts';
import type { PredictorState } from './predictor-state.ts';

/** The 8 magic bytes that open every snapshot. */
export const SNAPSHOT_MAGIC = 'HSIMPRED';
/** Current format version. */
export const SNAPSHOT_VERSION = 1;
const HEADER = 16;
const TRAILER = 4;
const SUMMARIES: readonly PredictorSummary[] = ['median', 'mean', 'p75'];

/*
 * Layout (little-endian):
 *   0  magic "HSIMPRED" (8 bytes)
 *   8  u32 version
 *  12  u32 body length B
 *  16  body:
 *        layout   u32 bins (48), u32 levels, u32 shards, u32 maxKeys
 *        params   u32 count P, then P f64 in PREDICTOR_PARAM_NAMES order (summary: 0 median, 1 mean, 2 p75)
 *        scalars  f64 nowUs, nextSeq, pooledScale, pooledCount, snapshots, degenerate
 *        pooled   48 f64
 *        bounds   u32 n (0 or L−1), n f64
 *        counters u32 7, 7 f64 (predict outcomes); u32 6, 6 f64 (observe outcomes)
 *        keys     u32 K, then per key (by slot): u16 UTF-8 length, bytes, i32 slot, i8 tier,
 *                 f64 scale, count, censored, weightedSum, total, lastActivityUs, lastDecayUs, createdSeq, 48 f64 bins
 *  16+B u32 CRC-32 of bytes [0, 16+B)
 */

/** Encodes the predictor's full state (and its parameters) as a snapshot. Pure; allocates the result. */
export function encodePredictorSnapshot(predictor: Predictor): Uint8Array {
  const st = predictor.exportState();
  const p = predictor.params;
  const enc = new TextEncoder();
  const keyBytes = st.keys.map((k) => enc.encode(k));
  const n = st.keys.length;
  const perKey = 2 + 4 + 1 + 8 * 8 + BIN_COUNT * 8;
  const body =
    16 + 4 + PREDICTOR_PARAM_NAMES.length * 8 + 6 * 8 + BIN_COUNT * 8 + 4 + st.boundaries.length * 8 +
    4 + st.predictCounts.length * 8 + 4 + st.observeCounts.length * 8 + 4 + n * perKey + keyBytes.reduce((a, b) => a + b.length, 0);
  const out = new Uint8Array(HEADER + body + TRAILER);
  const dv = new DataView(out.buffer);
  let o = 0;
  for (let i = 0; i < 8; i++) out[o++] = SNAPSHOT_MAGIC.charCodeAt(i);
  const u32 = (x: number): void => {
    dv.setUint32(o, x, true);
    o += 4;
  };
  const f64 = (x: number): void => {
    dv.setFloat64(o, x, true);
    o += 8;
  };
  const f64s = (a: Float64Array): void => a.forEach(f64);
  u32(SNAPSHOT_VERSION);
  u32(body);
  u32(BIN_COUNT);
  u32(p.levels);
  u32(p.shards);
  u32(p.maxKeys);
  u32(PREDICTOR_PARAM_NAMES.length);
  for (const name of PREDICTOR_PARAM_NAMES) f64(name === 'summary' ? SUMMARIES.indexOf(p.summary) : (p[name] as number));
  [st.nowUs, st.nextSeq, st.pooledScale, st.pooledCount, st.snapshots, st.degenerate].forEach(f64);
  f64s(st.pooledBins);
  u32(st.boundaries.length);
  f64s(st.boundaries);
  u32(st.predictCounts.length);
  f64s(st.predictCounts);
  u32(st.observeCounts.length);
  f64s(st.observeCounts);
  u32(n);
  for (let e = 0; e < n; e++) {
    const kb = keyBytes[e]!;
    dv.setUint16(o, kb.length, true);
    o += 2;
    out.set(kb, o);
    o += kb.length;
    dv.setInt32(o, st.slots[e]!, true);
    o += 4;
    dv.setInt8(o, st.tier[e]!);
    o += 1;
    [st.scale[e]!, st.count[e]!, st.censored[e]!, st.sumWeightedValues[e]!, st.total[e]!, st.lastActivityUs[e]!, st.lastDecayUs[e]!, st.createdSeq[e]!].forEach(f64);
    f64s(st.bins.subarray(e * BIN_COUNT, (e + 1) * BIN_COUNT));
  }
  dv.setUint32(o, crc32(out, 0, o), true);
  return out;
}

/** Options of `decodePredictorSnapshot`. */
export interface DecodeSnapshotOptions {
  /**
   * Parameters to run the restored predictor with. Its layout (levels, shards, maxKeys) must equal the
   * snapshot's; the other parameters may differ (e.g. a sweep over decay after a warm start). When
   * absent, the parameters stored in the snapshot are used.
   */
  readonly params?: Readonly<PredictorParams>;
}

/**
 * Decodes a snapshot into a new Predictor (never touches a live one). `source` names the file in
 * messages. Throws InputError naming the source and what is wrong: not a snapshot (magic), another
 * version, truncated or trailing bytes, checksum mismatch, bin count or layout mismatch, invalid
 * parameters, inconsistent state.
 */
export function decodePredictorSnapshot(bytes: Uint8Array, source: string, options: DecodeSnapshotOptions = {}): Predictor {
  const bad = (found: string, expected?: string): never => {
    throw new InputError(atLocation(source, undefined, found, expected));
  };
  if (bytes.length < HEADER + TRAILER) bad(`found a truncated file of ${bytes.length} bytes`, `a predictor snapshot of at least ${HEADER + TRAILER} bytes`);
  const magic = String.fromCharCode(...bytes.subarray(0, 8));
  if (magic !== SNAPSHOT_MAGIC) bad(`found a file that is not a predictor snapshot (magic ${JSON.stringify(magic)})`, `magic ${JSON.stringify(SNAPSHOT_MAGIC)}`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = dv.getUint32(8, true);
  if (version !== SNAPSHOT_VERSION) bad(`found snapshot format version ${version}`, `version ${SNAPSHOT_VERSION}`);
  const bodyLen = dv.getUint32(12, true);
  const total = HEADER + bodyLen + TRAILER;
  if (bytes.length < total) bad(`found a truncated snapshot: ${bytes.length} bytes, the header announces ${total}`, 'the complete file');
  if (bytes.length > total) bad(`found ${bytes.length - total} bytes after the end of the snapshot`, `exactly ${total} bytes`);
  const stored = dv.getUint32(HEADER + bodyLen, true);
  const actual = crc32(bytes, 0, HEADER + bodyLen);
  if (stored !== actual) bad(`found a checksum mismatch (stored CRC-32 ${hex(stored)}, computed ${hex(actual)}): the file is corrupt`, 'an intact snapshot');
  let o = HEADER;
  const end = HEADER + bodyLen;
  const need = (k: number): void => {
    if (o + k > end) bad(`found a body that ends early at byte ${o} (needs ${k} more)`, 'a consistent snapshot body');
  };
  const u32 = (): number => {
    need(4);
    o += 4;
    return dv.getUint32(o - 4, true);
  };
  const f64 = (): number => {
    need(8);
    o += 8;
    return dv.getFloat64(o - 8, true);
  };
  const f64s = (k: number): Float64Array => {
    need(k * 8);
    const a = new Float64Array(k);
    for (let i = 0; i < k; i++) a[i] = f64();
    return a;
  };
  const bins = u32();
  if (bins !== BIN_COUNT) bad(`found a layout with ${bins} bins`, `${BIN_COUNT} bins`);
  const layout = { levels: u32(), shards: u32(), maxKeys: u32() };
  const np = u32();
  if (np !== PREDICTOR_PARAM_NAMES.length) bad(`found ${np} stored parameters`, `${PREDICTOR_PARAM_NAMES.length} for version ${SNAPSHOT_VERSION}`);
  const storedParams: Record<string, number | string> = {};
  for (const name of PREDICTOR_PARAM_NAMES) {
    const v = f64();
    storedParams[name] = name === 'summary' ? (SUMMARIES[v] ?? `code ${v}`) : v;
  }
  const sp = storedParams as unknown as PredictorParams;
  try {
    validatePredictorParams(sp);
  } catch (err) {
    bad(`found invalid stored parameters (${err instanceof Error ? err.message : String(err)})`, 'valid predictor parameters');
  }
  if (sp.levels !== layout.levels || sp.shards !== layout.shards || sp.maxKeys !== layout.maxKeys) bad('found a layout that disagrees with the stored parameters', 'a consistent snapshot');
  const params = options.params ?? sp;
  if (params.levels !== layout.levels || params.shards !== layout.shards || params.maxKeys !== layout.maxKeys) {
    bad(
      `found layout levels=${layout.levels} shards=${layout.shards} maxKeys=${layout.maxKeys}`,
      `levels=${params.levels} shards=${params.shards} maxKeys=${params.maxKeys} as configured`,
    );
  }
  const [nowUs, nextSeq, pooledScale, pooledCount, snapshots, degenerate] = [f64(), f64(), f64(), f64(), f64(), f64()] as [number, number, number, number, number, number];
  const pooledBins = f64s(BIN_COUNT);
  const boundaries = f64s(u32());
  const predictCounts = f64s(u32());
  const observeCounts = f64s(u32());
  const n = u32();
  if (n > layout.maxKeys) bad(`found ${n} keys`, `at most maxKeys=${layout.maxKeys}`);
  const st: PredictorState = {
    nowUs, nextSeq, pooledScale, pooledCount, pooledBins, boundaries, snapshots, degenerate, predictCounts, observeCounts,
    keys: [], slots: new Int32Array(n), scale: new Float64Array(n), count: new Float64Array(n), censored: new Float64Array(n),
    sumWeightedValues: new Float64Array(n), total: new Float64Array(n), lastActivityUs: new Float64Array(n), lastDecayUs: new Float64Array(n),
    createdSeq: new Float64Array(n), tier: new Int8Array(n), bins: new Float64Array(n * BIN_COUNT),
  };
  const dec = new TextDecoder('utf-8', { fatal: true });
  for (let e = 0; e < n; e++) {
    need(2);
    const len = dv.getUint16(o, true);
    o += 2;
    need(len);
    let key = '';
    try {
      key = dec.decode(bytes.subarray(o, o + len));
    } catch {
      bad(`found key ${e} that is not valid UTF-8`, 'UTF-8 keys');
    }
    o += len;
    st.keys.push(key);
    need(5);
    st.slots[e] = dv.getInt32(o, true);
    st.tier[e] = dv.getInt8(o + 4);
    o += 5;
    st.scale[e] = f64();
    st.count[e] = f64();
    st.censored[e] = f64();
    st.sumWeightedValues[e] = f64();
    st.total[e] = f64();
    st.lastActivityUs[e] = f64();
    st.lastDecayUs[e] = f64();
    st.createdSeq[e] = f64();
    st.bins.set(f64s(BIN_COUNT), e * BIN_COUNT);
  }
  if (o !== end) bad(`found ${end - o} unread bytes at the end of the body`, 'a consistent snapshot body');
  try {
    return Predictor.fromState(params, st);
  } catch (err) {
    if (err instanceof InputError) throw err;
    return bad(`found an inconsistent state: ${err instanceof Error ? err.message : String(err)}`, 'a consistent snapshot');
  }
}

function hex(x: number): string {
  return `0x${x.toString(16).padStart(8, '0')}`;
}
