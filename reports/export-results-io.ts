// `hsim export`: read a result file or a folder of them as `hsim report` does, write the tidy long table.
import { statSync } from 'node:fs';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import * as coreMsg from '../src/messages.ts';
import { writeTableFile } from '../src/io/table-file-io.ts';
import { readResultFileInto, readResultsFolder, type FolderContents } from './report-inputs-io.ts';
import { exportTable } from './results-export.ts';
import { groupByTrace } from './trace-results.ts';

/**
 * Writes every result under `input` (a result file, or a folder read like `hsim report` reads it) to `output` as one
 * table, Parquet, Arrow or CSV by its name. Returns the rows written and the warnings (files skipped, merge issues).
 * Throws InputError for an output name of another kind, an unreadable input, or no results at all.
 */
export function exportResults(input: string, output: string): { rows: number; warnings: string[] } {
  if (!/\.(parquet|arrow|csv)$/.test(output)) throw new InputError(coreMsg.tableOutputNameInvalid('-o', output));
  let isDir = false;
  try {
    isDir = statSync(input).isDirectory();
  } catch {
    throw new InputError(msg.exportNothing(input));
  }
  const contents: FolderContents = isDir ? readResultsFolder(input) : { sources: [], sweeps: [], issues: [] };
  if (!isDir) readResultFileInto(input, contents);
  const { traces, issues } = groupByTrace(contents.sources);
  const table = exportTable(traces);
  if (table.batch.rows === 0) throw new InputError(msg.exportNothing(input), contents.issues);
  writeTableFile(output, table);
  return { rows: table.batch.rows, warnings: [...contents.issues, ...issues] };
}
