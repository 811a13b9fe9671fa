// The meta of a generated trace: every row kept, the generator and its options (seed included) as the converter.
import type { TraceMetaInput } from '../trace-meta.ts';

/** Meta input for `writeTrace` of a trace made by generator `kind` with `options` (include the seed). */
export function generatedTraceMeta(kind: string, trace: { readonly n: number }, options: Record<string, unknown>, toolVersion: string): TraceMetaInput {
  return {
    source: { format: 'generator', file: null, sha256: null },
    converter: { name: `generate:${kind}`, version: toolVersion, options },
    rows: { read: trace.n, kept: trace.n, rejected: 0, rejected_by_reason: {} },
  };
}
