// A queue job's trace, found safely: only inside the folders a worker reads, its bytes checked by SHA-256 before parsing.
import { createReadStream, closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { defaultCacheDir } from '../traces/trace-io.ts';
import { failedCell, runCellTask, type CellOutcome, type CellTask } from './cell-task.ts';
import { insideFolders } from './cell-job.ts';
import { ensureGeneratedTrace, generatedTracePath } from './generated-trace-io.ts';

/** Traces whose content this thread has hashed and found as the job said: `path\nsha256` → the path to read. */
const verified = new Map<string, Promise<string>>();

/**
 * Runs a cell of a parsed queue job (see parseCellJob) with its trace read only from `folders` (absolute real paths):
 * the job's trace path, resolved through symbolic links, must lie inside one of them, and the file's content must
 * have the job's SHA-256 before anything parses it, so no error can quote a file the job named. A generated trace
 * not found there is generated into this machine's cache folder. Never throws.
 */
export async function runJobCell(task: CellTask, folders: readonly string[]): Promise<CellOutcome> {
  try {
    const path = await jobTracePath(task, folders);
    const { generate: _generate, ...rest } = task;
    return await runCellTask({ ...rest, tracePath: path });
  } catch (err) {
    return failedCell(task.id, err);
  }
}

/** Where to read the job's trace, checked (see runJobCell). Throws InputError naming the job's path, never its content. */
export async function jobTracePath(task: CellTask, folders: readonly string[]): Promise<string> {
  const g = task.generate;
  if (g !== undefined) {
    const real = insideFolders(task.tracePath, folders) ? realInside(task.tracePath, folders, false) : null;
    if (real !== null) return verifiedTrace(real, task.traceSha256);
    const path = generatedTracePath(defaultCacheDir(), g.spec, g.seed);
    await ensureGeneratedTrace(g.spec, g.seed, path);
    return path;
  }
  if (!insideFolders(task.tracePath, folders)) throw new InputError(msg.jobTraceOutside(task.tracePath, folders));
  return verifiedTrace(realInside(task.tracePath, folders, true)!, task.traceSha256);
}

/**
 * The real path of `path` when it is a file inside `folders` (a link out of them does not count); otherwise null, or
 * with `required` an InputError naming the path and the reason (missing, outside, not a file, unreadable).
 */
function realInside(path: string, folders: readonly string[], required: boolean): string | null {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (err) {
    if (!required) return null;
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new InputError(code === 'ENOENT' ? msg.jobTraceMissing(path) : msg.jobTraceUnreadable(path, code));
  }
  if (!insideFolders(real, folders)) {
    if (!required) return null;
    throw new InputError(msg.jobTraceOutside(path, folders));
  }
  let file = false;
  try {
    file = statSync(real).isFile();
  } catch {
    file = false;
  }
  if (!file) {
    if (!required) return null;
    throw new InputError(msg.jobTraceNotFile(path));
  }
  return real;
}

/** `path` once its content (uncompressed, as readTrace hashes it) has SHA-256 `sha256`; cached per thread. */
function verifiedTrace(path: string, sha256: string): Promise<string> {
  const k = `${path}\n${sha256}`;
  let p = verified.get(k);
  if (p === undefined) {
    p = contentSha256(path).then((found) => {
      if (found !== sha256) throw new InputError(msg.jobTraceShaMismatch(path, sha256));
      return path;
    });
    verified.set(k, p);
    p.catch(() => verified.delete(k));
  }
  return p;
}

/**
 * SHA-256 of the file's content, gunzipped when it starts with gzip's magic bytes. Throws InputError naming the path
 * and an error code only (zlib's and the file system's messages do not quote the data).
 */
export async function contentSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  const source = createReadStream(path);
  let stream: Readable = source;
  try {
    if (startsWithGzipMagic(path)) {
      const gunzip = createGunzip();
      source.on('error', (e) => gunzip.destroy(e));
      stream = source.pipe(gunzip);
    }
    for await (const chunk of stream) hash.update(chunk as Buffer);
  } catch (err) {
    throw new InputError(msg.jobTraceUnreadable(path, (err as NodeJS.ErrnoException).code ?? 'a read error'));
  } finally {
    source.destroy();
    stream.destroy();
  }
  return hash.digest('hex');
}

function startsWithGzipMagic(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}
