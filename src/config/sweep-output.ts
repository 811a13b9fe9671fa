// A sweep output (`<dir>/sweep.json`): variants and, per trace × load × variant, the gate verdict and whether it flipped.
import { describe, isObject, type ParseOutcome } from '../json/json-value.ts';
import type { Overrides } from './overrides.ts';
import type { SweepMode } from './sweep-file.ts';

/** One line of sweep.json's `verdicts`, as `hsim sweep` writes it (parseSweepFile reads it back as a SweepVerdict). */
export interface SweepVerdictRecord {
  readonly trace: string;
  readonly trace_sha256: string;
  readonly load: string;
  readonly variant: string;
  readonly passed: boolean;
  readonly flipped: boolean;
  readonly criteria: Record<string, { point: number | null; low: number | null; high: number | null; status: string }>;
}

/** sweep.json as `hsim sweep` writes it (with sorted keys); parseSweepFile reads it back as a SweepFile. */
export interface SweepOutputRecord {
  readonly sweep: string;
  readonly gate: string;
  readonly gate_frozen: boolean;
  readonly mode: SweepMode;
  readonly variants: readonly { readonly id: string; readonly overrides: Overrides }[];
  /** The verdicts of the first gate (`gate`). */
  readonly verdicts: readonly SweepVerdictRecord[];
  /** Only for a sweep that names `"gates"`: every gate (the first too) with its frozen flag and verdicts. */
  readonly gates?: readonly SweepGateRecord[];
}

/** One gate's verdicts in a sweep.json of several gates. */
export interface SweepGateRecord {
  readonly gate: string;
  readonly gate_frozen: boolean;
  readonly verdicts: readonly SweepVerdictRecord[];
}


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
  /** Criterion name → estimate and interval, for criteria whose point, low and high are all numbers. */
  readonly estimates: Readonly<Record<string, { readonly point: number; readonly low: number; readonly high: number }>>;
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
  /** The verdicts of the first gate (`gate`). */
  readonly verdicts: readonly SweepVerdict[];
  /** Every gate of the sweep with its verdicts, the first too (one entry, the fields above, without `"gates"`). */
  readonly gates: readonly SweepGateVerdicts[];
}

/** One gate's verdicts in a parsed sweep output. */
export interface SweepGateVerdicts {
  readonly gate: string | null;
  readonly gateFrozen: boolean | null;
  readonly verdicts: readonly SweepVerdict[];
}

/**
 * The sweep seen one gate at a time: one SweepFile per gate of `gates` (its `gate`, `gateFrozen` and `verdicts`),
 * so that a reader of one gate's verdicts covers every gate. A sweep of one gate gives itself.
 */
export function sweepPerGate(sweep: SweepFile): SweepFile[] {
  if (sweep.gates.length <= 1) return [sweep];
  return sweep.gates.map((g) => ({ ...sweep, gate: g.gate, gateFrozen: g.gateFrozen, verdicts: g.verdicts, gates: [g] }));
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
  const verdicts = parseVerdicts(input['verdicts'], 'verdicts', at);
  const gates: SweepGateVerdicts[] = [];
  const rawGates = input['gates'];
  if (rawGates !== undefined) {
    if (!Array.isArray(rawGates) || rawGates.length === 0) at('gates', rawGates, 'a non-empty array of {gate, gate_frozen, verdicts}');
    else {
      rawGates.forEach((g, i) => {
        if (!isObject(g) || typeof g['gate'] !== 'string') return at(`gates[${i}]`, g, 'an object with a string gate and its verdicts');
        if (g['gate_frozen'] !== undefined && typeof g['gate_frozen'] !== 'boolean') at(`gates[${i}].gate_frozen`, g['gate_frozen'], 'true or false');
        gates.push({ gate: g['gate'], gateFrozen: typeof g['gate_frozen'] === 'boolean' ? g['gate_frozen'] : null, verdicts: parseVerdicts(g['verdicts'], `gates[${i}].verdicts`, at) });
      });
    }
  }
  if (issues.length > 0 || sweep === null) return { ok: false, issues };
  const gate = typeof input['gate'] === 'string' ? input['gate'] : null;
  const gateFrozen = typeof input['gate_frozen'] === 'boolean' ? input['gate_frozen'] : null;
  if (gates.length === 0) gates.push({ gate, gateFrozen, verdicts });
  for (const v of gates.flatMap((g) => g.verdicts)) if (!variants.some((x) => x.id === v.variant)) variants.push({ id: v.variant, overrides: '' });
  return {
    ok: true,
    value: { file, sweep, gate, gateFrozen, mode: typeof input['mode'] === 'string' ? input['mode'] : null, variants, verdicts, gates },
  };
}

/** The verdicts of a sweep output at JSON path `path` (a non-empty array); every problem goes to `at`. */
function parseVerdicts(raw: unknown, path: string, at: (path: string, found: unknown, expected: string) => void): SweepVerdict[] {
  const verdicts: SweepVerdict[] = [];
  if (!Array.isArray(raw) || raw.length === 0) at(path, raw, 'a non-empty array of verdicts');
  else {
    raw.forEach((v, i) => {
      const p = `${path}[${i}]`;
      if (!isObject(v)) return at(p, v, 'an object {trace, load, variant, passed, flipped}');
      const badText = (['trace', 'load', 'variant'] as const).filter((k) => typeof v[k] !== 'string');
      const badFlag = (['passed', 'flipped'] as const).filter((k) => typeof v[k] !== 'boolean');
      badText.forEach((k) => at(`${p}.${k}`, v[k], 'a string'));
      badFlag.forEach((k) => at(`${p}.${k}`, v[k], 'true or false'));
      if (badText.length + badFlag.length > 0) return;
      const criteria: Record<string, string> = {};
      const estimates: Record<string, { point: number; low: number; high: number }> = {};
      if (isObject(v['criteria'])) {
        for (const [name, c] of Object.entries(v['criteria'])) {
          if (!isObject(c)) continue;
          if (typeof c['status'] === 'string') criteria[name] = c['status'];
          const [point, low, high] = [c['point'], c['low'], c['high']];
          if (typeof point === 'number' && typeof low === 'number' && typeof high === 'number') estimates[name] = { point, low, high };
        }
      }
      verdicts.push({
        trace: v['trace'] as string,
        traceSha256: typeof v['trace_sha256'] === 'string' ? v['trace_sha256'] : null,
        load: v['load'] as string,
        variant: v['variant'] as string,
        passed: v['passed'] as boolean,
        flipped: v['flipped'] as boolean,
        criteria,
        estimates,
      });
    });
  }
  return verdicts;
}

function overridesText(raw: unknown): string {
  if (isObject(raw)) return Object.entries(raw).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(', ');
  if (Array.isArray(raw)) return raw.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(', ');
  return typeof raw === 'string' ? raw : '';
}

/** The readable table: per trace and load, each variant's verdict, whether it flipped, and each criterion's estimate. */
export function formatSweepTable(gate: string, frozen: boolean, verdicts: readonly SweepVerdictRecord[]): string {
  const names = [...new Set(verdicts.flatMap((v) => Object.keys(v.criteria)))];
  const header = ['trace', 'load', 'variant', 'verdict', 'flipped', ...names];
  const rows = verdicts.map((v) => [
    v.trace, v.load, v.variant, v.passed ? 'PASS' : 'FAIL', v.flipped ? 'FLIPPED' : '',
    ...names.map((n) => {
      const c = v.criteria[n];
      return c === undefined ? '' : `${num(c.point)} [${num(c.low)}, ${num(c.high)}] ${c.status}`;
    }),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return `gate ${gate} (${frozen ? 'frozen' : 'NOT frozen: evaluated unfrozen'})\n${[line(header), ...rows.map(line)].join('\n')}\n`;
}

function num(x: number | null): string {
  return x === null ? '—' : x.toFixed(3);
}
