// The shared per-key duration predictor of SPEC §6: decaying log-binned histograms, gates, tiers, boundaries.
import { BoundaryDecision, decideBoundaries, tierWithHysteresis } from './boundaries.ts';
import { BIN_COUNT, MAX_BIN_VALUE_MS, binIndex, histogramQuantile, histogramQuantilePair } from './bins.ts';
import { fnv1a32, isValidKey } from './key-bytes.ts';
import { ObserveOutcome, PredictOutcome, PREDICT_OUTCOME_NAMES, OBSERVE_OUTCOME_NAMES } from './outcomes.ts';
import type { ObserveOutcomeCode, ObserveOutcomeName, PredictOutcomeCode, PredictOutcomeName } from './outcomes.ts';
import { DEFAULT_PREDICTOR_PARAMS, validatePredictorParams } from './params.ts';
import type { PredictorParams } from './params.ts';
import type { PredictorState } from './predictor-state.ts';

/** Renormalise a scale factor once it passes this (SPEC §6). */
const RENORM_AT = 1e100;
/** Key slots a new predictor allocates; the tables double as keys arrive, up to maxKeys. */
const INITIAL_SLOTS = 16;
const SUMMARY_MEDIAN = 0;
const SUMMARY_MEAN = 1;
const SUMMARY_P75 = 2;

/**
 * The per-key numbers of a state (PredictorState's arrays) and the slot arrays of a Predictor that hold them:
 * `exportState` and `fromState` copy exactly these, so a new per-key number is added here once.
 */
const SLOT_FIELDS = [
  ['scale', 'scale'],
  ['count', 'count'],
  ['censored', 'cens'],
  ['sumWeightedValues', 'sumWV'],
  ['total', 'total'],
  ['lastActivityUs', 'lastActUs'],
  ['lastDecayUs', 'lastDecayUs'],
  ['createdSeq', 'createdSeq'],
  ['tier', 'tier'],
] as const;

/**
 * The predictor. Hot-path calls (`setClock`, `observe`, `observeCensored`, `predict`) allocate nothing
 * for known keys; string keys are mapped to slots by one Map lookup.
 *
 * Rules tied down here (SPEC §6 leaves them open):
 * - Clock: `setClock(ms)` stores now_us = trunc(ms·1000) (toward zero, also for negative warm-start
 *   times). Idle gaps are (now_us − last_decay_us)/1000 ms; staleness is now_us − last_activity_us >
 *   τ·1000 (strict); recycling idleness is now_us − last_activity_us ≥ limit·1000. A clock that steps
 *   back gives negative gaps: no idle decay, no staleness.
 * - Values: durations above 600000 ms are clamped to 600000 (bin 47) for the histogram, the pooled
 *   histogram and the mean. 0 is valid (bin 0).
 * - Decay: every event of a key (a duration observation or a censored event) multiplies the key's
 *   earlier weight (histogram, censored weight, weighted sum) by d; the newest event has weight 1
 *   relative to the scale. Idle decay (on observe and observeCensored only, never on predict) multiplies
 *   the key's weight by 0.5^(gap/idleHalfLifeMs) when gap ≥ idleMinGapMs (1000 ms) and then sets last
 *   decay = now; a shorter gap leaves last decay unchanged, so short gaps add up.
 * - "Raw observations since creation or reset" (the n_min gate, and "proven" for recycling) counts the
 *   duration observations that reached this key's histogram; censored events do not count. The count is
 *   0 for a new key, and returns to 0 on a stale reset and when the slot is recycled to another key
 *   (the evicted key is forgotten entirely; if it returns it is a new key).
 * - Censored share = censored weight / (censored weight + histogram weight), both decayed alike; 0
 *   when both are 0. The gate fails when the share is > censoredShare.
 * - `mean` summary: the decayed weighted mean Σ w_i·v_i / Σ w_i of the key's (clamped) observed values,
 *   with exactly the histogram's weights; NaN (→ high_spread) when the weight has decayed to 0.
 * - Quantiles: see `histogramQuantile` (0 when empty; q = 0 gives the lower edge of the first non-empty
 *   bin). The spread gate always uses p50 and the `spreadQuantile` (p99), whatever the summary.
 * - Tiers: tier_of(β, x) = number of boundaries ≤ x. Tier hysteresis uses the same `hysteresis` x as the
 *   boundaries: a held tier h is kept while (1−x)·β_h ≤ estimate < (1+x)·β_{h+1} (0 below tier 0, ∞ above
 *   the last tier); see `tierWithHysteresis`.
 * - Unknown keys: `predict` never creates an entry. A stale key is not revived by `predict`.
 * - Limits: a new key goes to shard fnv1a32(UTF-8 bytes) mod shards, each holding maxKeys/shards keys.
 *   The per-key tables are sized by use (they double as keys arrive, up to maxKeys), so an idle or small
 *   predictor holds a few KiB whatever maxKeys is; a key's slot is its place in that allocation order, and its
 *   position in its shard (the order of the LRU scan, the slot numbering of a state) is kept per shard.
 *   When the shard is full only its least recently active key (ties: the earliest created entry) is a
 *   candidate; it is recycled if idle ≥ recycleProvenIdleMs (count ≥ n_min) or ≥ recycleColdIdleMs
 *   (count < n_min); otherwise the observation feeds only the pooled histogram (`pooled_only`), and a
 *   censored event is dropped (also reported `pooled_only`).
 * - Boundary refresh: after each pooled observation, when count ≥ firstRefreshAt and (no boundaries or
 *   count mod refreshEvery = 0). Invalid candidates (β_1 ≤ 0 or not strictly increasing) are ignored and
 *   counted as degenerate; before the first publication every later observation tries again. Held tiers
 *   survive a publication (hysteresis then uses the new boundaries).
 * - Rejected observations (bad key or duration) change nothing but their counter. The pooled count
 *   (`observationCount`) counts every accepted duration, `pooled_only` ones included.
 * - The per-key histogram total is kept incrementally (not re-summed), so it can differ from the sum of
 *   the bins in the last bits; quantiles below 1 are insensitive to that (spreadQuantile < 1 is enforced).
 * - Times are ms at the API; every parameter is read once at construction.
 */
export class Predictor {
  readonly params: Readonly<PredictorParams>;
  /** PredictOutcome code of the last `predict` call. */
  lastOutcome: PredictOutcomeCode = PredictOutcome.unready;
  /** Estimate of the last `predict` call, ms; NaN when it gave no estimate (every fallback). */
  lastEstimate = Number.NaN;

  // Starts as a non-integer so that V8 keeps this field as a double from the first object on (set to 0 in the
  // constructor). Started as 0, it stayed a small integer until the clock passed 2^31 µs (36 simulated minutes),
  // and then every predictor's hidden class changed and all code compiled for it was thrown away.
  private nowUs = 0.5;
  private nextSeq = 0;
  private readonly slotOf = new Map<string, number>();
  private readonly keyOf: (string | undefined)[] = [];
  private bins: Float64Array;
  private scale: Float64Array;
  private count: Float64Array;
  private cens: Float64Array;
  private sumWV: Float64Array;
  /** Sum of the slot's (scaled) histogram weights, kept incrementally. */
  private total: Float64Array;
  private readonly pair = new Float64Array(2);
  /** Lowest bin that received weight since the slot was cleared (48 when none): the walks start there. */
  private lowBin: Int8Array;
  private lastActUs: Float64Array;
  private lastDecayUs: Float64Array;
  private createdSeq: Float64Array;
  private tier: Int8Array;
  /** Slots allocated so far (each held by a key); the tables hold `capacity` slots. */
  private slotsUsed = 0;
  private capacity: number;
  /** Per shard, its keys' slots in the order they joined the shard (a recycled slot keeps its place). */
  private readonly shardSlots: number[][];
  private readonly shardCap: number;

  private readonly pooledBins = new Float64Array(BIN_COUNT);
  private pooledScale = 1;
  private pooledCount = 0;
  private readonly bounds: Float64Array;
  private readonly cand: Float64Array;
  private readonly mixed: Float64Array;
  private hasBounds = false;
  private snapshots = 0;
  private degenerate = 0;
  private readonly predictCounts = new Float64Array(PREDICT_OUTCOME_NAMES.length);
  private readonly observeCounts = new Float64Array(OBSERVE_OUTCOME_NAMES.length);

  // Bound key ids (`bindKeys`): the slot of each id (−1: none) and the id of each slot (−1: none), kept in step with
  // `slotOf` by `claimSlot`, so that `observeId`/`predictId` skip the Map lookup of the string.
  private boundKeys: readonly string[] = [];
  private readonly boundId = new Map<string, number>();
  private idSlot = new Int32Array(0);
  private slotId: Int32Array | null = null;

  // Parameters copied to fields for the hot path.
  private readonly nb: number;
  private readonly defaultLevel: number;
  private readonly minSamples: number;
  private readonly kappa: number;
  private readonly spreadQ: number;
  private readonly censShare: number;
  private readonly decay: number;
  private readonly halfLifeMs: number;
  private readonly idleMinGapUs: number;
  private readonly staleUs: number;
  private readonly pooledDecay: number;
  private readonly hyst: number;
  private readonly provenIdleUs: number;
  private readonly coldIdleUs: number;
  private readonly summary: number;

  /** Creates an empty predictor. Throws InputError when `params` are invalid. */
  constructor(params: Readonly<PredictorParams> = DEFAULT_PREDICTOR_PARAMS) {
    validatePredictorParams(params);
    this.params = Object.freeze({ ...params });
    this.nowUs = 0;
    const cap = Math.min(params.maxKeys, INITIAL_SLOTS);
    this.capacity = cap;
    this.shardCap = params.maxKeys / params.shards;
    this.bins = new Float64Array(cap * BIN_COUNT);
    this.scale = new Float64Array(cap);
    this.count = new Float64Array(cap);
    this.cens = new Float64Array(cap);
    this.sumWV = new Float64Array(cap);
    this.total = new Float64Array(cap);
    this.lowBin = new Int8Array(cap).fill(BIN_COUNT);
    this.lastActUs = new Float64Array(cap);
    this.lastDecayUs = new Float64Array(cap);
    this.createdSeq = new Float64Array(cap);
    this.tier = new Int8Array(cap).fill(-1);
    this.shardSlots = Array.from({ length: params.shards }, () => []);
    this.nb = params.levels - 1;
    this.bounds = new Float64Array(this.nb);
    this.cand = new Float64Array(this.nb);
    this.mixed = new Float64Array(this.nb);
    this.defaultLevel = params.defaultLevel;
    this.minSamples = params.minSamples;
    this.kappa = params.spreadRatio;
    this.spreadQ = params.spreadQuantile;
    this.censShare = params.censoredShare;
    this.decay = params.decay;
    this.halfLifeMs = params.idleHalfLifeMs;
    this.idleMinGapUs = params.idleMinGapMs * 1000;
    this.staleUs = params.staleAfterMs * 1000;
    this.pooledDecay = params.pooledDecay;
    this.hyst = params.hysteresis;
    this.provenIdleUs = params.recycleProvenIdleMs * 1000;
    this.coldIdleUs = params.recycleColdIdleMs * 1000;
    this.summary = params.summary === 'median' ? SUMMARY_MEDIAN : params.summary === 'mean' ? SUMMARY_MEAN : SUMMARY_P75;
  }

  /** Sets the clock, ms (float; negative during a warm start). Throws RangeError when not finite. */
  setClock(nowMs: number): void {
    if (!Number.isFinite(nowMs)) throw new RangeError(`predictor clock: found ${nowMs}; expected a finite time in ms`);
    this.nowUs = Math.trunc(nowMs * 1000);
  }

  /** The clock as held, ms (now_us / 1000). */
  nowMs(): number {
    return this.nowUs / 1000;
  }

  /**
   * Learns that `key` took `durationMs` (ms). Returns an ObserveOutcome code. Rejects (counted) empty keys,
   * keys over 256 UTF-8 bytes, and non-finite or negative durations. No allocation for known keys.
   */
  observe(key: string, durationMs: number): ObserveOutcomeCode {
    if (!isValidKey(key) || !(durationMs >= 0) || durationMs === Number.POSITIVE_INFINITY) {
      this.observeCounts[ObserveOutcome.rejected_invalid]! += 1;
      return ObserveOutcome.rejected_invalid;
    }
    return this.addDuration(this.slotForEvent(key), durationMs);
  }

  /**
   * Lets a caller that holds its keys as ids into `keys` (e.g. the simulator's interned row keys) call `observeId`
   * and `predictId` with the id instead of `observe` and `predict` with `keys[id]`: the same results, without a Map
   * lookup of the string per call. A later call with another array replaces the binding; with the same array it
   * does nothing. Cost O(keys); the binding is not part of the state (snapshots).
   */
  bindKeys(keys: readonly string[]): void {
    if (keys === this.boundKeys) return;
    this.boundKeys = keys;
    this.boundId.clear();
    this.idSlot = new Int32Array(keys.length).fill(-1);
    const slotId = new Int32Array(this.capacity).fill(-1);
    this.slotId = slotId;
    keys.forEach((key, id) => {
      if (this.boundId.has(key)) return; // a repeated string stays on the string path
      this.boundId.set(key, id);
      const slot = this.slotOf.get(key);
      if (slot === undefined) return;
      this.idSlot[id] = slot;
      slotId[slot] = id;
    });
  }

  /** `observe(keys[id], durationMs)` for an id of the array given to `bindKeys` (anything else: undefined behaviour). */
  observeId(id: number, durationMs: number): ObserveOutcomeCode {
    const slot = this.idSlot[id]!;
    if (slot < 0 || !(durationMs >= 0) || durationMs === Number.POSITIVE_INFINITY) return this.observe(this.boundKeys[id]!, durationMs);
    return this.addDuration(this.eventOnSlot(slot), durationMs);
  }

  /** Adds a valid duration to `slot` (−1: only to the pooled histogram) with outcome `eventOutcome`. */
  private addDuration(slot: number, durationMs: number): ObserveOutcomeCode {
    const v = durationMs > MAX_BIN_VALUE_MS ? MAX_BIN_VALUE_MS : durationMs;
    const bin = binIndex(v);
    const outcome = this.eventOutcome;
    if (slot >= 0) {
      const s = this.bumpScale(slot);
      this.bins[slot * BIN_COUNT + bin]! += s;
      if (bin < this.lowBin[slot]!) this.lowBin[slot] = bin;
      this.total[slot]! += s;
      this.sumWV[slot]! += s * v;
      this.count[slot]! += 1;
      this.lastActUs[slot] = this.nowUs;
    }
    this.addPooled(bin);
    this.observeCounts[outcome]! += 1;
    return outcome;
  }

  /**
   * Records a censored delivery of `key` (it overran its lease or TTL: a duration above what was seen).
   * It is an event of the key like an observation (staleness reset, idle decay, weight decay by d) but
   * adds censored weight instead of a duration; it neither counts toward n_min nor feeds the pooled
   * histogram. Returns an ObserveOutcome code (`pooled_only` means dropped: no slot).
   */
  observeCensored(key: string): ObserveOutcomeCode {
    if (!isValidKey(key)) {
      this.observeCounts[ObserveOutcome.rejected_invalid]! += 1;
      return ObserveOutcome.rejected_invalid;
    }
    const slot = this.slotForEvent(key);
    const outcome = this.eventOutcome;
    if (slot >= 0) {
      const s = this.bumpScale(slot);
      this.cens[slot]! += s;
      this.lastActUs[slot] = this.nowUs;
    }
    this.observeCounts[outcome]! += 1;
    return outcome;
  }

  /**
   * Returns the level for a message of `key` and sets `lastOutcome` and `lastEstimate` (ms, NaN for a
   * fallback). Gates in SPEC order: invalid_key, unready, cold_key (unknown), stale_key (not revived),
   * then last activity = now, cold_key (< n_min), censored, high_spread (spread, then a non-finite or
   * negative estimate), predicted. Every fallback gives the default level and keeps the held tier.
   */
  predict(key: string): number {
    if (!isValidKey(key)) return this.fallback(PredictOutcome.invalid_key);
    if (!this.hasBounds) return this.fallback(PredictOutcome.unready);
    const slot = this.slotOf.get(key);
    if (slot === undefined) return this.fallback(PredictOutcome.cold_key);
    return this.predictSlot(slot);
  }

  /** `predict(keys[id])` for an id of the array given to `bindKeys` (anything else: undefined behaviour). */
  predictId(id: number): number {
    const slot = this.idSlot[id]!;
    if (slot < 0 || !this.hasBounds) return this.predict(this.boundKeys[id]!);
    return this.predictSlot(slot);
  }

  /** `predict` from the stale gate on, for a held key's slot (boundaries published). */
  private predictSlot(slot: number): number {
    const now = this.nowUs;
    if (now - this.lastActUs[slot]! > this.staleUs) return this.fallback(PredictOutcome.stale_key);
    this.lastActUs[slot] = now;
    if (this.count[slot]! < this.minSamples) return this.fallback(PredictOutcome.cold_key);
    const bins = this.bins;
    const base = slot * BIN_COUNT;
    const total = this.total[slot]!;
    const c = this.cens[slot]!;
    if (c > 0 && c / (c + total) > this.censShare) return this.fallback(PredictOutcome.censored);
    let p50: number;
    let pHigh: number;
    if (this.spreadQ >= 0.5) {
      histogramQuantilePair(bins, base, total, 0.5, this.spreadQ, this.pair, this.lowBin[slot]!);
      p50 = this.pair[0]!;
      pHigh = this.pair[1]!;
    } else {
      p50 = histogramQuantile(bins, base, total, 0.5);
      pHigh = histogramQuantile(bins, base, total, this.spreadQ);
    }
    if (pHigh > this.kappa * (p50 > 1 ? p50 : 1)) return this.fallback(PredictOutcome.high_spread);
    const est =
      this.summary === SUMMARY_MEDIAN ? p50 : this.summary === SUMMARY_P75 ? histogramQuantile(bins, base, total, 0.75) : this.sumWV[slot]! / total;
    if (!(est >= 0) || est === Number.POSITIVE_INFINITY) return this.fallback(PredictOutcome.high_spread);
    const t = tierWithHysteresis(this.bounds, this.nb, est, this.tier[slot]!, this.hyst);
    this.tier[slot] = t;
    this.lastOutcome = PredictOutcome.predicted;
    this.lastEstimate = est;
    this.predictCounts[PredictOutcome.predicted]! += 1;
    return t;
  }

  /** Counts of every predict outcome since creation (restored from a snapshot). */
  outcomeCounts(): Record<PredictOutcomeName, number> {
    const out = {} as Record<PredictOutcomeName, number>;
    PREDICT_OUTCOME_NAMES.forEach((n, i) => (out[n] = this.predictCounts[i]!));
    return out;
  }

  /** Counts of every observe / observeCensored outcome since creation. */
  observeOutcomeCounts(): Record<ObserveOutcomeName, number> {
    const out = {} as Record<ObserveOutcomeName, number>;
    OBSERVE_OUTCOME_NAMES.forEach((n, i) => (out[n] = this.observeCounts[i]!));
    return out;
  }

  /** The published boundaries β_1..β_{L−1}, ms (a copy); empty before the first publication. */
  boundaries(): number[] {
    return this.hasBounds ? Array.from(this.bounds) : [];
  }

  /** Boundary snapshots published so far. */
  snapshotCount(): number {
    return this.snapshots;
  }

  /** Boundary candidates ignored as degenerate. */
  degenerateCount(): number {
    return this.degenerate;
  }

  /** Keys currently held (stale ones included until recycled). */
  keyCount(): number {
    return this.slotOf.size;
  }

  /** Durations accepted into the pooled histogram (every accepted observe, pooled_only included). */
  observationCount(): number {
    return this.pooledCount;
  }

  /** Pooled quantile q, ms (0 when empty). */
  pooledQuantile(q: number): number {
    let total = 0;
    for (let k = 0; k < BIN_COUNT; k++) total += this.pooledBins[k]!;
    return histogramQuantile(this.pooledBins, 0, total, q);
  }

  /** Inspection (tools; allocates): the keys held (stale ones included until recycled), sorted. */
  heldKeys(): string[] {
    return [...this.slotOf.keys()].sort();
  }

  /** Inspection (tools; allocates): the pooled histogram's 48 weights, normalised so that they sum to 1 (zeros when empty). */
  pooledWeights(): number[] {
    let total = 0;
    for (let k = 0; k < BIN_COUNT; k++) total += this.pooledBins[k]!;
    return Array.from(this.pooledBins, (w) => (total > 0 ? w / total : 0));
  }

  /**
   * Inspection (tests, tools; allocates): a key's raw count, held tier (−1 none), last activity and
   * last decay (ms), censored weight, histogram weights normalised so that an event just added weighs 1
   * (i.e. d^(n−i) times the idle factors), or undefined when the key is not held.
   */
  inspectKey(key: string):
    | { count: number; tier: number; lastActivityMs: number; lastDecayMs: number; censoredWeight: number; weights: number[]; weightedSum: number }
    | undefined {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return undefined;
    const s = this.scale[slot]!;
    const weights: number[] = [];
    for (let k = 0; k < BIN_COUNT; k++) weights.push(this.bins[slot * BIN_COUNT + k]! / s);
    return {
      count: this.count[slot]!,
      tier: this.tier[slot]!,
      lastActivityMs: this.lastActUs[slot]! / 1000,
      lastDecayMs: this.lastDecayUs[slot]! / 1000,
      censoredWeight: this.cens[slot]! / s,
      weights,
      weightedSum: this.sumWV[slot]! / s,
    };
  }

  /** A deep copy of the whole state (for snapshots). */
  exportState(): PredictorState {
    const slots: number[] = [];
    for (let sh = 0; sh < this.params.shards; sh++) {
      for (let i = 0; i < this.shardSlots[sh]!.length; i++) slots.push(sh * this.shardCap + i);
    }
    const held = this.shardSlots.flat();
    const n = slots.length;
    const st: PredictorState = {
      nowUs: this.nowUs,
      nextSeq: this.nextSeq,
      pooledScale: this.pooledScale,
      pooledCount: this.pooledCount,
      pooledBins: this.pooledBins.slice(),
      boundaries: this.hasBounds ? this.bounds.slice() : new Float64Array(0),
      snapshots: this.snapshots,
      degenerate: this.degenerate,
      predictCounts: this.predictCounts.slice(),
      observeCounts: this.observeCounts.slice(),
      keys: [],
      slots: Int32Array.from(slots),
      scale: new Float64Array(n),
      count: new Float64Array(n),
      censored: new Float64Array(n),
      sumWeightedValues: new Float64Array(n),
      total: new Float64Array(n),
      lastActivityUs: new Float64Array(n),
      lastDecayUs: new Float64Array(n),
      createdSeq: new Float64Array(n),
      tier: new Int8Array(n),
      bins: new Float64Array(n * BIN_COUNT),
    };
    held.forEach((slot, e) => {
      st.keys.push(this.keyOf[slot]!);
      for (const [field, own] of SLOT_FIELDS) st[field][e] = this[own][slot]!;
      st.bins.set(this.bins.subarray(slot * BIN_COUNT, (slot + 1) * BIN_COUNT), e * BIN_COUNT);
    });
    return st;
  }

  /**
   * Builds a new predictor holding `state` (copied) under `params`. Throws Error naming the first
   * inconsistency (lengths, slot outside its key's shard, gaps in a shard, duplicate or invalid keys,
   * tiers or boundaries out of range, non-finite numbers); the caller turns it into an InputError.
   */
  static fromState(params: Readonly<PredictorParams>, state: PredictorState): Predictor {
    const p = new Predictor(params);
    const n = state.keys.length;
    const fail = (what: string): never => {
      throw new Error(what);
    };
    if (state.pooledBins.length !== BIN_COUNT) fail(`pooled histogram has ${state.pooledBins.length} bins; expected ${BIN_COUNT}`);
    if (state.boundaries.length !== 0 && state.boundaries.length !== p.nb) fail(`${state.boundaries.length} boundaries; expected 0 or ${p.nb}`);
    if (state.predictCounts.length !== p.predictCounts.length || state.observeCounts.length !== p.observeCounts.length) fail('counter arrays of the wrong length');
    for (const arr of [state.slots, ...SLOT_FIELDS.map(([field]) => state[field])]) {
      if (arr.length !== n) fail(`per-key array of length ${arr.length}; expected ${n}`);
    }
    if (state.bins.length !== n * BIN_COUNT) fail(`key histograms hold ${state.bins.length} weights; expected ${n * BIN_COUNT}`);
    if (n > params.maxKeys) fail(`${n} keys; expected at most ${params.maxKeys}`);
    const finite = (x: number): boolean => Number.isFinite(x);
    if (![state.nowUs, state.nextSeq, state.pooledScale, state.pooledCount, state.snapshots, state.degenerate].every(finite)) fail('a non-finite scalar');
    if (!state.pooledBins.every((w) => finite(w) && w >= 0) || !(state.pooledScale > 0)) fail('invalid pooled histogram weights');
    for (let j = 0; j < state.boundaries.length; j++) {
      const b = state.boundaries[j]!;
      if (!finite(b) || b <= 0 || (j > 0 && b <= state.boundaries[j - 1]!)) fail(`boundary ${j + 1} = ${b} is not positive and increasing`);
    }
    p.nowUs = state.nowUs;
    p.nextSeq = state.nextSeq;
    p.pooledScale = state.pooledScale;
    p.pooledCount = state.pooledCount;
    p.pooledBins.set(state.pooledBins);
    p.hasBounds = state.boundaries.length > 0;
    if (p.hasBounds) p.bounds.set(state.boundaries);
    p.snapshots = state.snapshots;
    p.degenerate = state.degenerate;
    p.predictCounts.set(state.predictCounts);
    p.observeCounts.set(state.observeCounts);
    for (let e = 0; e < n; e++) {
      const key = state.keys[e]!;
      const slot = state.slots[e]!;
      if (!isValidKey(key)) fail(`key ${e} is not 1–256 UTF-8 bytes`);
      if (p.slotOf.has(key)) fail(`key ${JSON.stringify(key)} appears twice`);
      const shard = fnv1a32(key) % params.shards;
      const members = p.shardSlots[shard]!;
      if (slot !== shard * p.shardCap + members.length) fail(`key ${JSON.stringify(key)} at slot ${slot}; expected slot ${shard * p.shardCap + members.length} of shard ${shard}`);
      const tier = state.tier[e]!;
      if (tier < -1 || tier > p.nb) fail(`key ${JSON.stringify(key)} holds tier ${tier}; expected −1..${p.nb}`);
      const vals = [state.scale[e]!, state.count[e]!, state.censored[e]!, state.sumWeightedValues[e]!, state.total[e]!, state.lastActivityUs[e]!, state.lastDecayUs[e]!, state.createdSeq[e]!];
      if (!vals.every(finite) || !(state.scale[e]! > 0) || state.count[e]! < 0 || state.censored[e]! < 0) fail(`key ${JSON.stringify(key)} has invalid numbers`);
      const w = state.bins.subarray(e * BIN_COUNT, (e + 1) * BIN_COUNT);
      if (!w.every((x) => finite(x) && x >= 0)) fail(`key ${JSON.stringify(key)} has invalid histogram weights`);
      const own = p.newSlot();
      members.push(own);
      p.slotOf.set(key, own);
      p.keyOf[own] = key;
      for (const [field, mine] of SLOT_FIELDS) p[mine][own] = state[field][e]!;
      p.bins.set(w, own * BIN_COUNT);
      const low = w.findIndex((x) => x > 0);
      p.lowBin[own] = low < 0 ? BIN_COUNT : low; // bins below hold no weight, so walks give the same results
    }
    return p;
  }

  // ---- internals -------------------------------------------------------------------------------

  /** Outcome of the last `slotForEvent` (avoids returning a pair). */
  private eventOutcome: ObserveOutcomeCode = ObserveOutcome.accepted;

  /**
   * The slot that receives an event of a valid key: creates, recycles, resets a stale entry or applies
   * idle decay, and sets `eventOutcome`. Returns −1 when the key has no slot (pooled_only).
   */
  private slotForEvent(key: string): number {
    const slot = this.slotOf.get(key);
    return slot === undefined ? this.claimSlot(key) : this.eventOnSlot(slot);
  }

  /** `slotForEvent` for a held key's slot: resets it when stale, else applies idle decay; returns the slot. */
  private eventOnSlot(slot: number): number {
    const now = this.nowUs;
    if (now - this.lastActUs[slot]! > this.staleUs) {
      this.clearSlot(slot);
      this.eventOutcome = ObserveOutcome.reset;
      return slot;
    }
    this.eventOutcome = ObserveOutcome.accepted;
    const gap = now - this.lastDecayUs[slot]!;
    if (gap >= this.idleMinGapUs) {
      const f = Math.pow(0.5, gap / 1000 / this.halfLifeMs);
      const s = this.scale[slot]! / f;
      this.scale[slot] = s;
      if (s > RENORM_AT) this.renormalise(slot);
      this.lastDecayUs[slot] = now;
    }
    return slot;
  }

  /** Advances a slot's scale for one new event (earlier weight × d) and returns the new event's weight. */
  private bumpScale(slot: number): number {
    let s = this.scale[slot]! / this.decay;
    if (s > RENORM_AT) {
      this.scale[slot] = s;
      this.renormalise(slot);
      s = 1;
    }
    this.scale[slot] = s;
    return s;
  }

  /** Divides a slot's weights by its scale and resets the scale to 1 (an overflowed scale zeroes them). */
  private renormalise(slot: number): void {
    const s = this.scale[slot]!;
    const base = slot * BIN_COUNT;
    for (let k = 0; k < BIN_COUNT; k++) this.bins[base + k] = this.bins[base + k]! / s;
    this.cens[slot] = this.cens[slot]! / s;
    this.sumWV[slot] = this.sumWV[slot]! / s;
    this.total[slot] = this.total[slot]! / s;
    this.scale[slot] = 1;
  }

  /** Empties a slot (new, reset or recycled): no weight, count 0, no held tier, last decay = now. */
  private clearSlot(slot: number): void {
    this.bins.fill(0, slot * BIN_COUNT, (slot + 1) * BIN_COUNT);
    this.scale[slot] = 1;
    this.count[slot] = 0;
    this.cens[slot] = 0;
    this.sumWV[slot] = 0;
    this.total[slot] = 0;
    this.lowBin[slot] = BIN_COUNT;
    this.tier[slot] = -1;
    this.lastDecayUs[slot] = this.nowUs;
    this.lastActUs[slot] = this.nowUs;
  }

  /** Finds a slot for a new key (free, or recycled from the shard's least recently active key), or −1. */
  private claimSlot(key: string): number {
    const members = this.shardSlots[fnv1a32(key) % this.params.shards]!;
    let slot: number;
    if (members.length < this.shardCap) {
      slot = this.newSlot();
      members.push(slot);
      this.eventOutcome = ObserveOutcome.created;
    } else {
      let lru = members[0]!;
      for (let j = 1; j < members.length; j++) {
        const i = members[j]!;
        const a = this.lastActUs[i]!;
        const b = this.lastActUs[lru]!;
        if (a < b || (a === b && this.createdSeq[i]! < this.createdSeq[lru]!)) lru = i;
      }
      const idle = this.nowUs - this.lastActUs[lru]!;
      const limit = this.count[lru]! >= this.minSamples ? this.provenIdleUs : this.coldIdleUs;
      if (!(idle >= limit)) {
        this.eventOutcome = ObserveOutcome.pooled_only;
        return -1;
      }
      this.slotOf.delete(this.keyOf[lru]!);
      if (this.slotId !== null && this.slotId[lru]! >= 0) this.idSlot[this.slotId[lru]!] = -1;
      slot = lru;
      this.eventOutcome = ObserveOutcome.recycled;
    }
    this.clearSlot(slot);
    this.keyOf[slot] = key;
    this.slotOf.set(key, slot);
    if (this.slotId !== null) {
      const id = this.boundId.get(key) ?? -1;
      this.slotId[slot] = id;
      if (id >= 0) this.idSlot[id] = slot;
    }
    this.createdSeq[slot] = this.nextSeq++;
    return slot;
  }

  /** Allocates the next slot, doubling the tables (up to maxKeys slots) when they are full. */
  private newSlot(): number {
    if (this.slotsUsed === this.capacity) this.grow(Math.min(this.params.maxKeys, this.capacity * 2));
    return this.slotsUsed++;
  }

  /** Re-allocates every per-slot table with room for `cap` slots, keeping the slots held. */
  private grow(cap: number): void {
    const f64 = (a: Float64Array, per = 1): Float64Array => {
      const b = new Float64Array(cap * per);
      b.set(a);
      return b;
    };
    const i8 = (a: Int8Array, fill: number): Int8Array => {
      const b = new Int8Array(cap).fill(fill);
      b.set(a);
      return b;
    };
    this.bins = f64(this.bins, BIN_COUNT);
    this.scale = f64(this.scale);
    this.count = f64(this.count);
    this.cens = f64(this.cens);
    this.sumWV = f64(this.sumWV);
    this.total = f64(this.total);
    this.lastActUs = f64(this.lastActUs);
    this.lastDecayUs = f64(this.lastDecayUs);
    this.createdSeq = f64(this.createdSeq);
    this.lowBin = i8(this.lowBin, BIN_COUNT);
    this.tier = i8(this.tier, -1);
    if (this.slotId !== null) {
      const b = new Int32Array(cap).fill(-1);
      b.set(this.slotId);
      this.slotId = b;
    }
    this.capacity = cap;
  }

  /** Bytes of the per-key tables as allocated now (the slot tables; key strings and the key map not included). */
  tableBytes(): number {
    return this.capacity * (BIN_COUNT * 8 + 8 * 8 + 2 + (this.slotId === null ? 0 : 4));
  }

  /** Adds a duration (its bin) to the pooled histogram and refreshes the boundaries when due. */
  private addPooled(bin: number): void {
    let s = this.pooledScale / this.pooledDecay;
    if (s > RENORM_AT) {
      for (let k = 0; k < BIN_COUNT; k++) this.pooledBins[k] = this.pooledBins[k]! / s;
      s = 1;
    }
    this.pooledScale = s;
    this.pooledBins[bin]! += s;
    this.pooledCount += 1;
    const n = this.pooledCount;
    if (n >= this.params.firstRefreshAt && (!this.hasBounds || n % this.params.refreshEvery === 0)) this.refresh();
  }

  /** SPEC §6 boundary refresh: candidate pooled quantiles j/L, validity, hysteresis mix, publication. */
  private refresh(): void {
    const nb = this.nb;
    const L = nb + 1;
    let total = 0;
    for (let k = 0; k < BIN_COUNT; k++) total += this.pooledBins[k]!;
    const c = this.cand;
    for (let j = 0; j < nb; j++) c[j] = histogramQuantile(this.pooledBins, 0, total, (j + 1) / L);
    const decision = decideBoundaries(this.hasBounds ? this.bounds : null, c, nb, this.hyst, this.mixed);
    if (decision === BoundaryDecision.degenerate) this.degenerate += 1;
    else if (decision === BoundaryDecision.published) {
      this.bounds.set(this.mixed);
      this.hasBounds = true;
      this.snapshots += 1;
    }
  }

  private fallback(code: PredictOutcomeCode): number {
    this.lastOutcome = code;
    this.lastEstimate = Number.NaN;
    this.predictCounts[code]! += 1;
    return this.defaultLevel;
  }
}
