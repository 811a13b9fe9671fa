// Byte-stable JSON: object keys sorted, two-space indent, LF endings, trailing newline.

/** Serialises `value` with sorted object keys, so equal data gives equal bytes. Non-finite numbers become null. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) + '\n';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value instanceof Float64Array || value instanceof Int32Array || value instanceof Uint32Array) return Array.from(value);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeys(v);
    }
    return out;
  }
  return value;
}
