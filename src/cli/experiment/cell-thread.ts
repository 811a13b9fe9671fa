// The module a cell worker thread runs: takes the traces the coordinator handed over, then serves cells.
import { workerData } from 'node:worker_threads';
import { runCellTask, seedTraceCache, type LoadedTraceEntry } from './cell-task.ts';

// Traces already read and checked by the coordinator arrive as copies in workerData: no thread parses them again.
const handed = (workerData as { traces?: LoadedTraceEntry[] } | null)?.traces;
if (handed) seedTraceCache(handed);

export { runCellTask };
