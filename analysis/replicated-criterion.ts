// A gate criterion over replicated results (arms `arm#sSEED`): paired by seed, by pooled windows, or per replication.
import { estimateCriterion, pairedChange, pairedValues, passesRule, type CriterionEstimate, type CriterionStatus } from './criterion.ts';
import type { GateCriterion, GateFile } from './gate-file.ts';
import type { SourcedArm } from './result-set.ts';
import { replicationOf } from './replication-aggregate.ts';
import { roundSig } from './round-sig.ts';

/** The replications of `arm` among the arms of one load: seed → result, or an empty map when it has none. */
export function replicationsOf(arms: ReadonlyMap<string, SourcedArm>, arm: string): Map<number, SourcedArm> {
  const out = new Map<number, SourcedArm>();
  for (const [key, r] of arms) {
    const rep = replicationOf(key);
    if (rep !== null && rep.arm === arm) out.set(rep.seed, r);
  }
  return out;
}

/** The estimate of a replicated criterion, its pairing, and each replication's own verdict on its windows. */
export interface ReplicatedEstimate extends CriterionEstimate {
  readonly pair: 'window' | 'seed' | 'pooled';
  readonly seeds: readonly number[];
  /** The paired values the interval was computed from (per seed, or the pooled windows). */
  readonly values: readonly number[] | null;
  /** Per seed (as text, ascending) the verdict of the criterion on that replication alone (its windows; under
   *  `pair: "seed"` its whole-run paired change, judged as a point). */
  readonly replications: Readonly<Record<string, CriterionStatus>>;
}

/**
 * Evaluates `c` over the seeds both arms have (ascending). Each replication is first judged on its own: on its
 * windows (`window`, `pooled`), or by its one whole-run paired change against the rule (`seed`: point = interval).
 * `pair: "seed"`: x_s = the paired change of the whole-run (`all`) metric of replication s, bootstrapped over seeds;
 * `"pooled"`: the windows of every replication concatenated in seed order; `"window"` (default): the pooled estimate
 * is reported, and the verdict is the replications' common verdict. Under every pairing, replications that disagree
 * on their own verdicts make the criterion `unstable` (a failure), unless the combined estimate is unevaluable;
 * when they agree, `seed` and `pooled` give the combined estimate's verdict (pooling may pass where each
 * replication alone was too short to). A block bootstrap longer than the series is shortened to its length.
 * Returns null when no seed is shared.
 */
export function evaluateReplicated(c: GateCriterion, arm: ReadonlyMap<number, SourcedArm>, base: ReadonlyMap<number, SourcedArm>, gate: GateFile): ReplicatedEstimate | null {
  const seeds = [...arm.keys()].filter((s) => base.has(s)).sort((a, b) => a - b);
  if (seeds.length === 0) return null;
  const r = (v: number): number => (gate.roundSigDigits === undefined ? v : roundSig(v, gate.roundSigDigits));
  const boot = (n: number) => ({ ...gate.bootstrap, block: Math.max(1, Math.min(gate.bootstrap.block, n)) });
  const replications: Record<string, CriterionStatus> = {};
  const pooled: number[] = [];
  let pooledOk = true;
  for (const s of seeds) {
    const a = arm.get(s)!.arm.windows.map((w) => w[c.metric] ?? Number.NaN);
    const b = base.get(s)!.arm.windows.map((w) => w[c.metric] ?? Number.NaN);
    const x = a.length === b.length ? pairedValues(c.kind, a, b, gate.roundSigDigits) : null;
    if (x === null || x.some((v) => Number.isNaN(v))) pooledOk = false;
    else pooled.push(...x);
    replications[String(s)] = estimateCriterion(c.kind, c.limit, x, boot(x?.length ?? 1)).status;
  }
  const pair = c.pair ?? 'window';
  let values: number[] | null;
  if (pair === 'seed') {
    const xs: number[] = [];
    for (const s of seeds) {
      const av = arm.get(s)!.arm.all[c.metric];
      const bv = base.get(s)!.arm.all[c.metric];
      const x = av === undefined || bv === undefined ? null : pairedChange(c.kind, r(av), r(bv));
      replications[String(s)] = x === null ? 'unevaluable' : passesRule(c.kind, c.limit, x, x, x) ? 'pass' : 'fail';
      if (x !== null) xs.push(x);
    }
    values = xs.length === seeds.length ? xs : null;
  } else values = pooledOk ? pooled : null;
  const est = estimateCriterion(c.kind, c.limit, values === null ? null : Float64Array.from(values), boot(values?.length ?? 1));
  const verdicts = new Set(Object.values(replications));
  let status = est.status;
  if (pair === 'window') status = verdicts.size === 1 ? [...verdicts][0]! : 'unstable';
  else if (status !== 'unevaluable' && verdicts.size > 1) status = 'unstable';
  return { ...est, status, pair, seeds, values, replications };
}
