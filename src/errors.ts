// Error types that carry an exit code, and the builders of their messages (STYLE.md: one module).

/** Exit codes of the CLI contract: 0 ok, 1 a check failed, 2 bad input or usage, 3 internal error. */
export const EXIT = { ok: 0, checkFailed: 1, badInput: 2, internal: 3 } as const;

/** An error caused by the user's input (file, option, config). The CLI exits 2. */
export class InputError extends Error {
  override readonly name = 'InputError';
  readonly exitCode = EXIT.badInput;
  /** Every problem found, when several were collected before failing. */
  readonly issues: readonly string[];
  constructor(message: string, issues: readonly string[] = []) {
    super(issues.length > 1 || (issues.length === 1 && issues[0] !== message) ? `${message}\n${issues.map((i) => `  - ${i}`).join('\n')}` : message);
    this.issues = issues.length > 0 ? issues : [message];
  }
}

/** A check that ran and failed (a gate, a validation). The CLI exits 1. */
export class CheckFailedError extends Error {
  override readonly name = 'CheckFailedError';
  readonly exitCode = EXIT.checkFailed;
}

/** Builds `file:line: what was found; expected …; hint`. Line is 1-based; omit it for whole-file problems. */
export function atLocation(file: string, line: number | undefined, found: string, expected?: string, hint?: string): string {
  const where = line === undefined ? file : `${file}:${line}`;
  let s = `${where}: ${found}`;
  if (expected !== undefined) s += `; expected ${expected}`;
  if (hint !== undefined) s += ` (${hint})`;
  return s;
}

/** Builds `option --name: found …; expected …`. */
export function atOption(option: string, found: string, expected: string, hint?: string): string {
  return `option ${option}: ${found}; expected ${expected}${hint === undefined ? '' : ` (${hint})`}`;
}

/** Builds `config.json → path.to[2].field: found …; expected …` for config (JSON) problems. */
export function atPath(file: string, path: string, found: string, expected: string): string {
  return `${file} → ${path === '' ? '(root)' : path}: ${found}; expected ${expected}`;
}

/** Returns the exit code an error maps to: its own when it carries one, else 3 (internal). */
export function exitCodeOf(err: unknown): number {
  if (err instanceof InputError || err instanceof CheckFailedError) return err.exitCode;
  return EXIT.internal;
}
