// The implementation of `hsim worker`: process cells from a BullMQ queue until stopped (SIGINT/SIGTERM).
import { realpathSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import * as experimentsMsg from '../experiments/messages.ts';
import { gitCommit } from '../src/io/provenance-io.ts';
import { serveCells } from '../experiments/cell-queue.ts';
import { checkRedis, DEFAULT_QUEUE_NAME, parseRedisUrl } from '../experiments/redis-target.ts';
import { removeOwnTemps } from '../experiments/experiment-run-io.ts';
import { defaultCacheDir } from '../traces/trace-io.ts';

/**
 * Runs `hsim worker --queue redis://…`: serves cells until a signal, then puts the cells it runs back on the queue,
 * stops its threads, removes its temporary files from the cache folder and exits 0.
 */
export async function runWorkerCommand(opts: Record<string, unknown>): Promise<void> {
  const target = parseRedisUrl(String(opts['queue']));
  const jobs = Number(opts['jobs'] ?? '1');
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new InputError(experimentsMsg.jobsOutOfRange(String(opts['jobs'])));
  const folders = dataFolders((opts['data'] as string[] | undefined) ?? ['.']);
  const name = opts['name'] === undefined ? `${hostname()}:${process.pid}` : String(opts['name']);
  if (!/^[\x20-\x7e]{1,200}$/.test(name)) throw new InputError(msg.workerNameInvalid(name));
  await checkRedis(target);
  // Ask git before any cell runs: later, starting git would make every written page copy-on-write (see gitCommit).
  gitCommit();
  const queueName = String(opts['queueName'] ?? DEFAULT_QUEUE_NAME);
  const quiet = opts['quiet'] === true;
  const log = (line: string): void => {
    if (!quiet) process.stderr.write(`hsim worker ${name}: ${line}\n`);
  };
  const server = await serveCells(target, queueName, { jobs, folders, name, log });
  await server.ready;
  log(`serving queue ${queueName} on ${target.url} with ${jobs} thread${jobs > 1 ? 's' : ''}, traces from ${folders.join(', ')}`);
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  log('stopping');
  const threadsEnded = await server.close();
  const cache = defaultCacheDir();
  for (const dir of [cache, resolve(cache, 'generated')]) removeOwnTemps(dir);
  // A thread that did not end would keep the process alive and might still write: end it with the process.
  if (!threadsEnded) {
    log('a cell thread did not stop; ending the process');
    process.exit(0);
  }
}

/** The --data folders as absolute real paths. Throws InputError naming each one that is not a folder. */
function dataFolders(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const issues: string[] = [];
  for (const d of dirs) {
    try {
      const real = realpathSync(resolve(d));
      if (!statSync(real).isDirectory()) throw new Error('not a folder');
      out.push(real);
    } catch {
      issues.push(msg.workerDataNotFolder(d));
    }
  }
  if (issues.length > 0) throw new InputError(experimentsMsg.problemsWithOptions(issues), issues);
  return out;
}
