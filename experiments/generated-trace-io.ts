// Generated traces of an experiment on disk: one file per generator spec and seed, made once and reused by hash.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRng } from '../src/rng/seeded.ts';
import { writeGenerated } from '../traces/generators/generator-io.ts';
import { generatedTraceMeta } from '../traces/generators/generator-meta.ts';
import { metaPathFor } from '../traces/trace-writer.ts';
import { toolVersion } from '../src/io/provenance-io.ts';
import { GENERATOR_KINDS, generatorSpecHash, type GeneratorSpec } from '../src/config/generator-spec.ts';
import { generatorRows } from '../traces/generators/generator-rows.ts';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { INPUT_RANGES, inRange } from '../src/input-ranges.ts';

/**
 * Where the trace of `spec` generated with `seed` lives under `dir`: `generated/<kind>-s<seed>-<16 hex of its hash>.csv`.
 * The name is built only from a known kind and a whole seed, so a spec or seed from a queue job (`"1/../../x"`) can
 * never name a file outside `dir/generated`. Throws InputError for any other kind or seed.
 */
export function generatedTracePath(dir: string, spec: GeneratorSpec, seed: number): string {
  if (!GENERATOR_KINDS.includes(spec.kind)) throw new InputError(msg.generatedTraceKindUnknown(String(spec.kind)));
  if (!inRange(INPUT_RANGES.seed, seed)) throw new InputError(msg.generatedTraceSeedInvalid(String(seed)));
  return join(dir, 'generated', `${spec.kind}-s${seed}-${generatorSpecHash(spec, seed).slice(0, 16)}.csv`);
}

/**
 * Makes sure the trace of `spec` with `seed` exists at `path` (a trace and its .meta.json; a file already there is
 * reused: its name is the hash of the spec and seed, and readers check its SHA-256) and returns its SHA-256.
 * Throws InputError for an out-of-range generator option (naming the generate command's flag).
 */
export async function ensureGeneratedTrace(spec: GeneratorSpec, seed: number, path: string): Promise<string> {
  const prior = recordedSha256(path);
  if (prior !== null) return prior;
  const { withClass, produce } = generatorRows(spec);
  const rng = createRng(seed);
  const meta = await writeGenerated(
    { target: path, columns: { size: false, class: withClass }, meta: (rows) => generatedTraceMeta(spec.kind, { n: rows }, { ...spec.options, seed }, toolVersion()) },
    (sink) => produce(rng, sink),
  );
  return meta.sha256;
}

/** The SHA-256 a trace's meta records, or null when the trace or its meta is missing or unreadable. */
function recordedSha256(path: string): string | null {
  const metaPath = metaPathFor(path);
  if (!existsSync(path) || !existsSync(metaPath)) return null;
  try {
    const sha = (JSON.parse(readFileSync(metaPath, 'utf8')) as { sha256?: unknown }).sha256;
    return typeof sha === 'string' && /^[0-9a-f]{64}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}
