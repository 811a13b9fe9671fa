// Warm starts kept on disk beside the trace cache (`<identity SHA-256>.warm`), checked before use: a WarmStateStore.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '../src/io/atomic-io.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import * as msg from './messages.ts';
import { PREDICTOR_PARAM_NAMES } from '../src/predictor/params.ts';
import type { Predictor } from '../src/predictor/predictor.ts';
import { decodePredictorSnapshot, encodePredictorSnapshot } from '../src/predictor/snapshot.ts';
import type { Trace } from '../src/trace/trace.ts';
import type { WarmIdentity, WarmStateStore } from '../src/predictor/warm-store.ts';
import { decodeWarmCache, encodeWarmCache, WARM_VERSION } from './warm-cache.ts';

/**
 * The code a warm state is a function of besides its inputs: the predictor, the warm start and the row-to-key mapping.
 * Their source text is hashed into every identity, so a warm state made by other code (an edit, another version) is a
 * miss, never a wrong start. Paths are relative to this module (kept as the source file's in the CLI's bundle).
 */
const CODE_FOLDERS = ['../src/predictor/'];
const CODE_FILES = ['../sim/arms/predictive.ts', '../sim/row-keys.ts'];

let fingerprint: string | null | undefined;

/** SHA-256 over the code files' names and text, or null when they cannot be read (then nothing is cached). */
export function warmCodeFingerprint(): string | null {
  if (fingerprint !== undefined) return fingerprint;
  try {
    const files: string[] = [];
    for (const folder of CODE_FOLDERS) {
      const dir = fileURLToPath(new URL(folder, import.meta.url));
      for (const name of readdirSync(dir).sort()) if (name.endsWith('.ts') && !name.endsWith('.test.ts')) files.push(join(dir, name));
    }
    for (const file of CODE_FILES) files.push(fileURLToPath(new URL(file, import.meta.url)));
    const root = fileURLToPath(new URL('..', import.meta.url));
    const h = createHash('sha256');
    for (const file of files) h.update(`${relative(root, file)}\0`).update(readFileSync(file)).update('\0');
    fingerprint = h.digest('hex');
  } catch {
    fingerprint = null;
  }
  return fingerprint;
}

/** The identity text of a warm start: stable JSON of the trace's SHA-256, the WarmIdentity and the code fingerprint. */
export function warmIdentityText(sha256: string, id: WarmIdentity, code: string): string {
  // Numbers as String(x): exact for every float64 (the shortest text that reads back to it), Infinity included.
  const params: Record<string, string> = {};
  for (const name of PREDICTOR_PARAM_NAMES) params[name] = String(id.params[name]);
  return stableStringify({
    code, compress: String(id.compress), first: id.first, format: WARM_VERSION, keys: { producer: id.keysProducer, sizebins: id.sizebins }, params, trace_sha256: sha256,
  });
}

/**
 * A store of warm starts of `trace` (CSV SHA-256 `sha256`) in `cacheDir`. A hit is a file whose payload hash, identity
 * and snapshot all check out; a missing file is a miss; anything else is one line to `warn` (path and reason) and a
 * miss, after which the warm start runs and rewrites the file. Files are written atomically. Other traces (e.g. a
 * perturbed copy) are never looked up.
 */
export function diskWarmStore(cacheDir: string, trace: Trace, sha256: string, warn: (line: string) => void): WarmStateStore {
  const locate = (t: Trace, id: WarmIdentity): { path: string; identity: string } | null => {
    const code = warmCodeFingerprint();
    if (t !== trace || code === null) return null;
    const identity = warmIdentityText(sha256, id, code);
    return { path: join(cacheDir, `${createHash('sha256').update(identity).digest('hex')}.warm`), identity };
  };
  return {
    load(t, id): Predictor | null {
      const at = locate(t, id);
      if (at === null) return null;
      let bytes: Uint8Array;
      try {
        bytes = readFileSync(at.path);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code !== 'ENOENT' && code !== 'ENOTDIR') warn(msg.warmCacheNotReadable(at.path, (err as Error).message));
        return null;
      }
      const snapshot = decodeWarmCache(bytes, at.identity);
      if (typeof snapshot === 'string') {
        warn(msg.warmCacheRefused(at.path, snapshot));
        return null;
      }
      try {
        return decodePredictorSnapshot(snapshot, at.path, { params: id.params });
      } catch (err) {
        warn(msg.warmCacheRefused(at.path, (err as Error).message));
        return null;
      }
    },
    save(t, id, predictor): void {
      const at = locate(t, id);
      if (at === null) return;
      try {
        writeFileAtomic(at.path, encodeWarmCache(at.identity, encodePredictorSnapshot(predictor)));
      } catch (err) {
        warn(msg.warmCacheNotWritten(cacheDir, (err as Error).message));
      }
    },
  };
}
