// Test set-up (vitest setupFiles): a child process that hangs fails its test instead of stalling the whole run.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

/** Longest a test's synchronous child process (a whole `hsim …` run) may take, ms. */
const CHILD_TIMEOUT_MS = 180_000;

const original = childProcess.spawnSync;
// spawnSync blocks the test worker, so vitest's own timeout cannot stop a hung child: give every call a deadline.
childProcess.spawnSync = ((command: string, args?: unknown, options?: unknown) => {
  if (Array.isArray(args)) {
    const o = (options ?? {}) as childProcess.SpawnSyncOptions;
    return original(command, args as string[], { timeout: CHILD_TIMEOUT_MS, killSignal: 'SIGKILL', ...o });
  }
  const o = (args ?? {}) as childProcess.SpawnSyncOptions;
  return original(command, { timeout: CHILD_TIMEOUT_MS, killSignal: 'SIGKILL', ...o });
}) as typeof childProcess.spawnSync;
syncBuiltinESMExports();
