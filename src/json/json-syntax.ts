// JSON syntax errors with the line and column where the parser stopped (Node 20's messages give only an offset).
import { InputError } from '../errors.ts';

/**
 * Where and why `JSON.parse(text)` failed: 1-based line and column of the offset the parser reports (the end of the
 * text for "Unexpected end of JSON input"), and its message without the offset.
 */
export function jsonSyntaxProblem(text: string, err: unknown): { line: number; column: number; message: string } {
  const raw = err instanceof Error ? err.message : String(err);
  const m = /at position (\d+)/.exec(raw);
  const offset = m === null ? text.length : Math.min(Number(m[1]), text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  const message = raw.replace(/\s*\(line \d+ column \d+\)/, '').replace(/,? in JSON at position \d+/, '').replace(/ at position \d+/, '');
  return { line, column, message };
}

/**
 * Parses JSON text read from `file`. Throws InputError `file:line:column: not valid JSON (why); expected <expected>`
 * on a syntax error.
 */
export function parseJsonText(text: string, file: string, expected: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const p = jsonSyntaxProblem(text, err);
    throw new InputError(`${file}:${p.line}:${p.column}: not valid JSON (${p.message}); expected ${expected}`);
  }
}
