// A plain reference implementation of SPEC §6 (maps, arrays, explicit weights) to test Predictor against.
import { DEFAULT_PREDICTOR_PARAMS } from './params.ts';
import type { PredictorParams } from './params.ts';
import { PredictOutcome, PREDICT_OUTCOME_NAMES } from './outcomes.ts';
import type { PredictOutcomeName } from './outcomes.ts';

const BINS = 48;
const MAX_MS = 600000;

/** Upper edge of bin k: 1 ms for bin 0, else r^k = exp(k·ln r) (600000 for the last). */
function upperEdge(k: number): number {
  if (k === 0) return 1;
  if (k === BINS - 1) return MAX_MS;
  return Math.exp((k * Math.log(MAX_MS)) / (BINS - 1));
}

function lowerEdge(k: number): number {
  return k === 0 ? 0 : upperEdge(k - 1);
}

/** Bin by definition: the first bin whose upper edge is above v; 600000 (and more, clamped) in the last. */
function binOf(v: number): number {
  for (let k = 0; k < BINS - 1; k++) if (v < upperEdge(k)) return k;
  return BINS - 1;
}

/** Quantile straight from SPEC §6: target = q·total, walk non-empty bins, interpolate in the reaching bin. */
function quantile(bins: number[], q: number): number {
  const total = bins.reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  const target = q * total;
  let cum = 0;
  let last = 0;
  for (let k = 0; k < BINS; k++) {
    const w = bins[k]!;
    if (w <= 0) continue;
    last = k;
    if (cum + w >= target) return lowerEdge(k) + (upperEdge(k) - lowerEdge(k)) * ((target - cum) / w);
    cum += w;
  }
  return upperEdge(last);
}

function utf8Length(key: string): number {
  return new TextEncoder().encode(key).length;
}

function fnv1a(key: string): number {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(key)) h = Math.imul(h ^ b, 0x01000193);
  return h >>> 0;
}

interface RefKey {
  bins: number[];
  censored: number;
  weightedSum: number;
  count: number;
  lastActivityUs: number;
  lastDecayUs: number;
  tier: number | null;
}

function emptyKey(nowUs: number): RefKey {
  return { bins: new Array<number>(BINS).fill(0), censored: 0, weightedSum: 0, count: 0, lastActivityUs: nowUs, lastDecayUs: nowUs, tier: null };
}

/** Reference predictor: same API and ObserveOutcome/PredictOutcome codes as Predictor, no optimisation. */
export class ReferencePredictor {
  readonly params: PredictorParams;
  lastOutcome: number = PredictOutcome.unready;
  lastEstimate = Number.NaN;
  private nowUs = 0;
  /** One Map per shard; insertion order = creation order (recycling deletes then inserts). */
  private readonly shards: Map<string, RefKey>[];
  private readonly pooled: number[] = new Array<number>(BINS).fill(0);
  private pooledCount = 0;
  private bounds: number[] | null = null;
  private snapshots = 0;
  private degenerate = 0;
  private readonly counts: number[] = new Array<number>(7).fill(0);
  private readonly observeCounts: number[] = new Array<number>(6).fill(0);

  /** Creates an empty reference predictor (params are trusted). */
  constructor(params: PredictorParams = DEFAULT_PREDICTOR_PARAMS) {
    this.params = params;
    this.shards = Array.from({ length: params.shards }, () => new Map<string, RefKey>());
  }

  /** Sets the clock, ms. */
  setClock(nowMs: number): void {
    this.nowUs = Math.trunc(nowMs * 1000);
  }

  private validKey(key: string): boolean {
    const n = utf8Length(key);
    return n >= 1 && n <= 256;
  }

  private shardOf(key: string): Map<string, RefKey> {
    return this.shards[fnv1a(key) % this.params.shards]!;
  }

  /** Returns the key's entry for an event, creating/recycling/resetting as SPEC §6 says; [entry|null, outcome]. */
  private entryFor(key: string): [RefKey | null, number] {
    const p = this.params;
    const shard = this.shardOf(key);
    const e = shard.get(key);
    if (e === undefined) {
      if (shard.size < p.maxKeys / p.shards) {
        const fresh = emptyKey(this.nowUs);
        shard.set(key, fresh);
        return [fresh, 1];
      }
      let lruKey = '';
      let lru: RefKey | null = null;
      for (const [k, v] of shard) {
        if (lru === null || v.lastActivityUs < lru.lastActivityUs) {
          lru = v;
          lruKey = k;
        }
      }
      const idleMs = (this.nowUs - lru!.lastActivityUs) / 1000;
      const proven = lru!.count >= p.minSamples;
      if (idleMs >= (proven ? p.recycleProvenIdleMs : p.recycleColdIdleMs)) {
        shard.delete(lruKey);
        const fresh = emptyKey(this.nowUs);
        shard.set(key, fresh);
        return [fresh, 3];
      }
      return [null, 4];
    }
    if (this.nowUs - e.lastActivityUs > p.staleAfterMs * 1000) {
      Object.assign(e, emptyKey(this.nowUs));
      return [e, 2];
    }
    const gapUs = this.nowUs - e.lastDecayUs;
    if (gapUs >= p.idleMinGapMs * 1000) {
      const f = Math.pow(0.5, gapUs / 1000 / p.idleHalfLifeMs);
      e.bins = e.bins.map((w) => w * f);
      e.censored *= f;
      e.weightedSum *= f;
      e.lastDecayUs = this.nowUs;
    }
    return [e, 0];
  }

  private decayKey(e: RefKey): void {
    const d = this.params.decay;
    e.bins = e.bins.map((w) => w * d);
    e.censored *= d;
    e.weightedSum *= d;
  }

  /** Learns a duration (ms); returns an ObserveOutcome code. */
  observe(key: string, durationMs: number): number {
    if (!this.validKey(key) || !Number.isFinite(durationMs) || durationMs < 0) {
      this.observeCounts[5]! += 1;
      return 5;
    }
    const v = Math.min(durationMs, MAX_MS);
    const [e, outcome] = this.entryFor(key);
    if (e !== null) {
      this.decayKey(e);
      e.bins[binOf(v)]! += 1;
      e.weightedSum += v;
      e.count += 1;
      e.lastActivityUs = this.nowUs;
    }
    for (let k = 0; k < BINS; k++) this.pooled[k]! *= this.params.pooledDecay;
    this.pooled[binOf(v)]! += 1;
    this.pooledCount += 1;
    const n = this.pooledCount;
    if (n >= this.params.firstRefreshAt && (this.bounds === null || n % this.params.refreshEvery === 0)) this.refresh();
    this.observeCounts[outcome]! += 1;
    return outcome;
  }

  /** Records a censored event; returns an ObserveOutcome code. */
  observeCensored(key: string): number {
    if (!this.validKey(key)) {
      this.observeCounts[5]! += 1;
      return 5;
    }
    const [e, outcome] = this.entryFor(key);
    if (e !== null) {
      this.decayKey(e);
      e.censored += 1;
      e.lastActivityUs = this.nowUs;
    }
    this.observeCounts[outcome]! += 1;
    return outcome;
  }

  private refresh(): void {
    const L = this.params.levels;
    const cand: number[] = [];
    for (let j = 1; j < L; j++) cand.push(quantile(this.pooled, j / L));
    const valid = (b: number[]): boolean => b[0]! > 0 && b.every((x, i) => i === 0 || x > b[i - 1]!);
    if (!valid(cand)) {
      this.degenerate += 1;
      return;
    }
    let next = cand;
    if (this.bounds !== null) {
      const old = this.bounds;
      const mixed = cand.map((c, j) => (Math.abs(c - old[j]!) <= this.params.hysteresis * old[j]! ? old[j]! : c));
      if (valid(mixed)) next = mixed;
      if (next.every((x, j) => x === old[j])) return;
    }
    this.bounds = next;
    this.snapshots += 1;
  }

  private fallback(code: number): number {
    this.lastOutcome = code;
    this.lastEstimate = Number.NaN;
    this.counts[code]! += 1;
    return this.params.defaultLevel;
  }

  /** Level for a message of `key`; sets lastOutcome / lastEstimate. */
  predict(key: string): number {
    const p = this.params;
    if (!this.validKey(key)) return this.fallback(PredictOutcome.invalid_key);
    if (this.bounds === null) return this.fallback(PredictOutcome.unready);
    const e = this.shardOf(key).get(key);
    if (e === undefined) return this.fallback(PredictOutcome.cold_key);
    if (this.nowUs - e.lastActivityUs > p.staleAfterMs * 1000) return this.fallback(PredictOutcome.stale_key);
    e.lastActivityUs = this.nowUs;
    if (e.count < p.minSamples) return this.fallback(PredictOutcome.cold_key);
    const total = e.bins.reduce((a, b) => a + b, 0);
    const share = e.censored + total > 0 ? e.censored / (e.censored + total) : 0;
    if (share > p.censoredShare) return this.fallback(PredictOutcome.censored);
    const p50 = quantile(e.bins, 0.5);
    if (quantile(e.bins, p.spreadQuantile) > p.spreadRatio * Math.max(p50, 1)) return this.fallback(PredictOutcome.high_spread);
    const est = p.summary === 'median' ? p50 : p.summary === 'p75' ? quantile(e.bins, 0.75) : e.weightedSum / total;
    if (!Number.isFinite(est) || est < 0) return this.fallback(PredictOutcome.high_spread);
    const b = this.bounds;
    let t = b.filter((x) => x <= est).length;
    if (e.tier !== null && t !== e.tier) {
      const h = e.tier;
      const lo = h === 0 ? 0 : (1 - p.hysteresis) * b[h - 1]!;
      const hi = h === p.levels - 1 ? Infinity : (1 + p.hysteresis) * b[h]!;
      if (lo <= est && est < hi) t = h;
    }
    e.tier = t;
    this.lastOutcome = PredictOutcome.predicted;
    this.lastEstimate = est;
    this.counts[0]! += 1;
    return t;
  }

  /** Counts per predict outcome. */
  outcomeCounts(): Record<PredictOutcomeName, number> {
    return Object.fromEntries(PREDICT_OUTCOME_NAMES.map((n, i) => [n, this.counts[i]!])) as Record<PredictOutcomeName, number>;
  }

  /** Counts per observe outcome, by code. */
  observeOutcomeCodes(): number[] {
    return this.observeCounts.slice();
  }

  boundaries(): number[] {
    return this.bounds === null ? [] : this.bounds.slice();
  }

  snapshotCount(): number {
    return this.snapshots;
  }

  degenerateCount(): number {
    return this.degenerate;
  }

  keyCount(): number {
    return this.shards.reduce((a, s) => a + s.size, 0);
  }

  observationCount(): number {
    return this.pooledCount;
  }

  /** A key's held tier (−1 none) and raw count, or undefined. */
  keyInfo(key: string): { tier: number; count: number } | undefined {
    const e = this.shardOf(key).get(key);
    return e === undefined ? undefined : { tier: e.tier ?? -1, count: e.count };
  }
}
