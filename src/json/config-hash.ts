// The config hash of a simulation (SPEC §10 `config_hash`), shared by simulate, experiments and resume.
import { createHash } from 'node:crypto';
import { stableStringify } from './stable-json.ts';

/** SHA-256 (hex) of the stable JSON of `{options, trace_sha256}`: equal inputs, equal hash. */
export function configHash(options: Record<string, unknown>, traceSha256: string): string {
  return createHash('sha256').update(stableStringify({ options, trace_sha256: traceSha256 })).digest('hex');
}
