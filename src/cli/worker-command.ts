// The implementation of `hsim worker`: process cells from a BullMQ queue until stopped (SIGINT/SIGTERM).
import { InputError } from '../errors.ts';
import * as msg from '../messages.ts';
import { gitCommit } from '../io/provenance-io.ts';
import { serveCells } from '../experiment/cell-queue.ts';
import { checkRedis, DEFAULT_QUEUE_NAME, parseRedisUrl } from '../experiment/redis-target.ts';

/** Runs `hsim worker --queue redis://…`: serves cells until a signal, then finishes the current cells and exits 0. */
export async function runWorkerCommand(opts: Record<string, unknown>): Promise<void> {
  const target = parseRedisUrl(String(opts['queue']));
  const jobs = Number(opts['jobs'] ?? '1');
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 256) throw new InputError(msg.jobsOutOfRange(String(opts['jobs'])));
  await checkRedis(target);
  // Ask git before any cell runs: later, starting git would make every written page copy-on-write (see gitCommit).
  gitCommit();
  const queueName = String(opts['queueName'] ?? DEFAULT_QUEUE_NAME);
  const quiet = opts['quiet'] === true;
  const log = (line: string): void => {
    if (!quiet) process.stderr.write(`hsim worker ${process.pid}: ${line}\n`);
  };
  const server = await serveCells(target, queueName, jobs, log);
  await server.ready;
  log(`serving queue ${queueName} on ${target.url} with ${jobs} thread${jobs > 1 ? 's' : ''}`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  log('stopping');
  await server.close();
}
