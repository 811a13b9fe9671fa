// The module a cell worker thread runs: takes the traces and git commit the coordinator handed over, then serves cells.
import { workerData } from 'node:worker_threads';
import { runCellTask, seedTraceCache, type LoadedTraceEntry } from './cell-task.ts';
import { adoptGitCommit } from '../provenance.ts';

const handed = workerData as { traces?: LoadedTraceEntry[]; commit?: string } | null;
// Traces already read and checked by the coordinator arrive in workerData: no thread parses them again.
if (handed?.traces) seedTraceCache(handed.traces);
// The commit too: asking git from a thread would fork the whole process, buffers and all (see gitCommit).
if (handed?.commit !== undefined) adoptGitCommit(handed.commit);

export { runCellTask };
