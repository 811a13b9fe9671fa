// Byte-stable JSON written in pieces: the bytes of stableStringify without ever holding the whole text.

/** Characters gathered before a piece is handed on (fewer, larger writes; memory stays bounded). */
const PIECE_CHARS = 1 << 16;

/** Keys V8 enumerates first, in ascending numeric order: canonical array indices (0 … 2^32 − 2). */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;
const MAX_ARRAY_INDEX = 4294967294;

/**
 * Writes `value` as stableStringify does (sorted keys, two-space indent, LF, trailing newline), handing the text to
 * `write` in pieces of about 64 K characters, in order: the concatenation of the pieces is byte for byte
 * `stableStringify(value)`, for any size (a result whose text exceeds V8's longest string, ~512 M characters, is
 * written all the same). Memory: the pieces plus, per object on the path being written, its sorted key list.
 * Follows stableStringify's rules to the byte: keys sorted by UTF-16 code units, except that array-index keys
 * (`"0"`, `"17"`) come first in numeric order, as a JavaScript object enumerates them; undefined values dropped, a
 * key `__proto__` dropped (stableStringify's copy sets a prototype there); Float64Array, Int32Array and Uint32Array
 * as arrays; non-finite numbers as null; functions and symbols omitted in objects, null in arrays.
 * Throws what JSON.stringify throws (a BigInt, a cycle: here a RangeError of the call stack).
 */
export function writeStableJson(value: unknown, write: (piece: string) => void): void {
  let buf = '';
  const out = (s: string): void => {
    buf += s;
    if (buf.length >= PIECE_CHARS) {
      write(buf);
      buf = '';
    }
  };
  if (!emit(value, '', out)) out('undefined');
  out('\n');
  if (buf !== '') write(buf);
}

/** Writes one value at `indent`; false when JSON has no text for it (undefined, a function, a symbol). */
function emit(value: unknown, indent: string, out: (s: string) => void): boolean {
  switch (typeof value) {
    case 'string':
      out(JSON.stringify(value));
      return true;
    case 'number':
      out(Number.isFinite(value) ? JSON.stringify(value) : 'null');
      return true;
    case 'boolean':
      out(value ? 'true' : 'false');
      return true;
    case 'bigint':
      // JSON.stringify's own TypeError ("Do not know how to serialize a BigInt").
      JSON.stringify(value);
      return false;
    case 'undefined':
    case 'function':
    case 'symbol':
      return false;
    default:
      break;
  }
  if (value === null) {
    out('null');
    return true;
  }
  if (value instanceof Float64Array || value instanceof Int32Array || value instanceof Uint32Array) {
    emitArray(value, indent, out);
    return true;
  }
  if (Array.isArray(value)) {
    emitArray(value as ArrayLike<unknown>, indent, out);
    return true;
  }
  emitObject(value as Record<string, unknown>, indent, out);
  return true;
}

function emitArray(items: ArrayLike<unknown>, indent: string, out: (s: string) => void): void {
  if (items.length === 0) {
    out('[]');
    return;
  }
  const inner = `${indent}  `;
  out('[\n');
  for (let i = 0; i < items.length; i++) {
    out(i === 0 ? inner : `,\n${inner}`);
    if (!emit(items[i], inner, out)) out('null');
  }
  out(`\n${indent}]`);
}

function emitObject(obj: Record<string, unknown>, indent: string, out: (s: string) => void): void {
  const inner = `${indent}  `;
  let first = true;
  for (const k of enumerationOrder(Object.keys(obj).sort())) {
    const v = obj[k];
    // stableStringify's copy drops undefined and __proto__; JSON.stringify then omits functions and symbols.
    if (v === undefined || k === '__proto__' || typeof v === 'function' || typeof v === 'symbol') continue;
    out(first ? `{\n${inner}` : `,\n${inner}`);
    first = false;
    out(JSON.stringify(k));
    out(': ');
    emit(v, inner, out);
  }
  out(first ? '{}' : `\n${indent}}`);
}

/** Sorted keys in the order an object built from them enumerates: array indices ascending first, then the rest. */
function enumerationOrder(sorted: string[]): string[] {
  const indices: string[] = [];
  const names: string[] = [];
  for (const k of sorted) {
    if (ARRAY_INDEX.test(k) && Number(k) <= MAX_ARRAY_INDEX) indices.push(k);
    else names.push(k);
  }
  if (indices.length === 0) return names;
  indices.sort((a, b) => Number(a) - Number(b));
  return indices.concat(names);
}
