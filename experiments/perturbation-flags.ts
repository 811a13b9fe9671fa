// `--ties` and `--jitter` on `hsim run` and `hsim sweep`: they replace the file's `ties` and `jitter` fields.
import { InputError, atOption } from '../src/errors.ts';
import * as msg from './messages.ts';
import { isProblem, parseJitter, parseTies } from '../src/trace/perturb.ts';

/**
 * The spec with the command line's `--ties` / `--jitter` in place of its own fields (`--ties file` removes a
 * shuffle). Throws InputError naming the option for a malformed value.
 */
export function withPerturbationFlags<T extends { readonly ties?: string; readonly jitter?: string }>(spec: T, opts: Record<string, unknown>): T {
  const issues: string[] = [];
  const out: { ties?: string; jitter?: string } = {};
  if (spec.ties !== undefined) out.ties = spec.ties;
  if (spec.jitter !== undefined) out.jitter = spec.jitter;
  if (opts['ties'] !== undefined) {
    const text = String(opts['ties']);
    const t = parseTies(text);
    if (isProblem(t)) issues.push(atOption('--ties', t.found, t.expected));
    else if (t === null) delete out.ties;
    else out.ties = text;
  }
  if (opts['jitter'] !== undefined) {
    const text = String(opts['jitter']);
    const j = parseJitter(text);
    if (isProblem(j)) issues.push(atOption('--jitter', j.found, j.expected));
    else out.jitter = text;
  }
  if (issues.length > 0) throw new InputError(msg.problemsWithOptions(issues), issues);
  const { ties: _t, jitter: _j, ...rest } = spec;
  return { ...rest, ...out } as T;
}
