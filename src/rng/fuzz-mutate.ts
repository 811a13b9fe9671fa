// Seeded mutations of inputs for the fuzz suite: text edits, byte flips and hostile JSON values, from a passed-in Rng.
import type { Rng } from './seeded.ts';

/** Text pieces that break parsers: separators, quotes, signs, overflowing and non-finite numbers, odd characters. */
export const HOSTILE_PIECES = ['', ',', '"', '""', ';', '-', '-1', '0', '.', 'e9', '1e309', ' ', '\t', '\r', 'NaN', 'x', '\u00ff', '\u2028', '\uFFFD', '9'.repeat(30)];

/** Hostile JSON values: wrong types, non-finite-looking and huge numbers, empty and deep structures. */
const HOSTILE_VALUES: readonly unknown[] = [
  null, true, 0, -1, 0.5, 1e308, -1e308, 1e-320, 2 ** 53, 1e12, '', 'x', 'Infinity', 'NaN', '1e309', [], [1, 2, 3], {}, { a: { b: { c: [] } } }, '\u0000',
];

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng.next() * xs.length)]!;

/** One to three random edits of `s`: insert, delete or replace with a hostile piece, or cut the rest. */
export function mutateText(rng: Rng, s: string): string {
  const edits = 1 + Math.floor(rng.next() * 3);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(rng.next() * (s.length + 1));
    const piece = pick(rng, HOSTILE_PIECES);
    const op = rng.next();
    if (op < 0.35) s = s.slice(0, at) + piece + s.slice(at);
    else if (op < 0.6) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(rng.next() * 8));
    else if (op < 0.85) s = s.slice(0, at) + piece + s.slice(at + 1);
    else s = s.slice(0, at);
  }
  return s;
}

/** A copy of `bytes` with one to four random bytes changed, and sometimes cut short. */
export function mutateBytes(rng: Rng, bytes: Uint8Array): Uint8Array {
  const out = Uint8Array.from(bytes);
  const edits = 1 + Math.floor(rng.next() * 4);
  for (let e = 0; e < edits && out.length > 0; e++) out[Math.floor(rng.next() * out.length)] = Math.floor(rng.next() * 256);
  return rng.next() < 0.2 ? out.subarray(0, Math.floor(rng.next() * out.length)) : out;
}

/**
 * A deep copy of JSON `value` with one to three random edits: a field or element replaced by a hostile value,
 * deleted, or an unknown field added. Returns plain JSON values only.
 */
export function mutateJson(rng: Rng, value: unknown): unknown {
  let root = structuredClone(value);
  const edits = 1 + Math.floor(rng.next() * 3);
  for (let e = 0; e < edits; e++) {
    // Walk down a random path, then edit there.
    let parent: Record<string, unknown> | unknown[] | null = null;
    let key: string | number | null = null;
    let node: unknown = root;
    while (node !== null && typeof node === 'object' && rng.next() < 0.7) {
      const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
      if (keys.length === 0) break;
      parent = node as Record<string, unknown> | unknown[];
      key = pick(rng, keys);
      node = (parent as Record<string | number, unknown>)[key];
    }
    const op = rng.next();
    const hostile = structuredClone(pick(rng, HOSTILE_VALUES));
    if (parent === null || key === null) {
      if (op < 0.2) root = hostile;
      else if (root !== null && typeof root === 'object' && !Array.isArray(root)) (root as Record<string, unknown>)[`x${Math.floor(rng.next() * 100)}`] = hostile;
    } else if (op < 0.6) (parent as Record<string | number, unknown>)[key] = hostile;
    else if (op < 0.85) {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key as string];
    } else if (!Array.isArray(parent)) parent[`${String(key)}_`] = hostile;
    else parent.push(hostile);
  }
  return root;
}
