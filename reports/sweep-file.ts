// A sweep output (`<dir>/sweep.json`): variants and, per trace × load × variant, the gate verdict and whether it flipped.
import { describe, isObject, type ParseOutcome } from '../src/json/json-value.ts';

/** One verdict of a sweep: the gate at one trace, load and variant. */
export interface SweepVerdict {
  readonly trace: string;
  readonly traceSha256: string | null;
  readonly load: string;
  readonly variant: string;
  readonly passed: boolean;
  /** Whether the verdict differs from the one with the default parameters. */
  readonly flipped: boolean;
  /** Criterion name → status (`pass`, `fail`, `unevaluable`). */
  readonly criteria: Readonly<Record<string, string>>;
}

/** A parsed sweep output. */
export interface SweepFile {
  readonly file: string;
  readonly sweep: string;
  readonly gate: string | null;
  readonly gateFrozen: boolean | null;
  readonly mode: string | null;
  /** Variant ids in file order, with their overrides as text (`predictor.minSamples=5`). */
  readonly variants: readonly { readonly id: string; readonly overrides: string }[];
  readonly verdicts: readonly SweepVerdict[];
}

/** Whether parsed JSON has the shape of a sweep output (an object with `sweep` and a `verdicts` array). */
export function looksLikeSweepFile(input: unknown): boolean {
  return isObject(input) && 'sweep' in input && Array.isArray(input['verdicts']);
}

/** Validates parsed JSON as a sweep output; `file` names it in messages. Never throws: returns every issue. */
export function parseSweepFile(input: unknown, file: string): ParseOutcome<SweepFile> {
  const issues: string[] = [];
  const at = (path: string, found: unknown, expected: string): void => {
    issues.push(`${file} → ${path}: found ${describe(found)}; expected ${expected}`);
  };
  if (!isObject(input)) return { ok: false, issues: [`${file} → (root): found ${describe(input)}; expected a sweep output object`] };
  const sweep = typeof input['sweep'] === 'string' ? input['sweep'] : null;
  if (sweep === null) at('sweep', input['sweep'], 'the sweep name (a string)');
  const variants: { id: string; overrides: string }[] = [];
  const rawVariants = input['variants'];
  if (rawVariants !== undefined) {
    if (!Array.isArray(rawVariants)) at('variants', rawVariants, 'an array of {id, overrides}');
    else {
      rawVariants.forEach((v, i) => {
        if (!isObject(v) || typeof v['id'] !== 'string') at(`variants[${i}]`, v, 'an object with a string id');
        else variants.push({ id: v['id'], overrides: overridesText(v['overrides']) });
      });
    }
  }
  const verdicts: SweepVerdict[] = [];
  const rawVerdicts = input['verdicts'];
  if (!Array.isArray(rawVerdicts) || rawVerdicts.length === 0) at('verdicts', rawVerdicts, 'a non-empty array of verdicts');
  else {
    rawVerdicts.forEach((v, i) => {
      const p = `verdicts[${i}]`;
      if (!isObject(v)) return at(p, v, 'an object {trace, load, variant, passed, flipped}');
      const badText = (['trace', 'load', 'variant'] as const).filter((k) => typeof v[k] !== 'string');
      const badFlag = (['passed', 'flipped'] as const).filter((k) => typeof v[k] !== 'boolean');
      badText.forEach((k) => at(`${p}.${k}`, v[k], 'a string'));
      badFlag.forEach((k) => at(`${p}.${k}`, v[k], 'true or false'));
      if (badText.length + badFlag.length > 0) return;
      const criteria: Record<string, string> = {};
      if (isObject(v['criteria'])) {
        for (const [name, c] of Object.entries(v['criteria'])) if (isObject(c) && typeof c['status'] === 'string') criteria[name] = c['status'];
      }
      verdicts.push({
        trace: v['trace'] as string,
        traceSha256: typeof v['trace_sha256'] === 'string' ? v['trace_sha256'] : null,
        load: v['load'] as string,
        variant: v['variant'] as string,
        passed: v['passed'] as boolean,
        flipped: v['flipped'] as boolean,
        criteria,
      });
    });
  }
  if (issues.length > 0 || sweep === null) return { ok: false, issues };
  for (const v of verdicts) if (!variants.some((x) => x.id === v.variant)) variants.push({ id: v.variant, overrides: '' });
  return {
    ok: true,
    value: {
      file,
      sweep,
      gate: typeof input['gate'] === 'string' ? input['gate'] : null,
      gateFrozen: typeof input['gate_frozen'] === 'boolean' ? input['gate_frozen'] : null,
      mode: typeof input['mode'] === 'string' ? input['mode'] : null,
      variants,
      verdicts,
    },
  };
}

function overridesText(raw: unknown): string {
  if (isObject(raw)) return Object.entries(raw).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ');
  if (Array.isArray(raw)) return raw.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ');
  return typeof raw === 'string' ? raw : '';
}
