// The implementation of `hsim simulate`: validate options, load the trace, simulate, write or print results.
import { buildResultFile } from '../src/result/result-file.ts';
import { resultFileText, writeResultFile } from '../src/result/result-file-io.ts';
import { readTraceForCli, warmStoreForCli } from '../traces/trace-read-io.ts';
import { simulate } from '../sim/simulate.ts';
import { cliProvenance, gitCommit } from '../src/io/provenance-io.ts';
import { formatSimulationTable } from './simulation-table.ts';
import { reportSanity } from './sanity-report.ts';
import { openMessageFile } from '../sim/message-file-io.ts';
import { writeTableFile } from '../src/io/table-file-io.ts';
import { byKeyTable, seriesTable } from '../src/result/probe-tables.ts';
import type { SimulationOutput } from '../src/result/result-file.ts';
import * as msg from './messages.ts';
import { buildSimulationConfig, optionsRecord, type RawOptions } from '../sim/simulation-config-io.ts';
import { refuseOutputClashes } from './output-clash.ts';

/** Runs `hsim simulate`. */
export async function runSimulateCommand(tracePath: string, opts: RawOptions): Promise<void> {
  refuseOutputClashes('simulate', [
    { option: '<trace>', path: tracePath, written: false },
    { option: '--static-map', path: opts.staticMap, written: false },
    { option: '--predictor-snapshot', path: opts.predictorSnapshot, written: false },
    { option: '-o', path: opts.output, written: true },
    { option: '--messages', path: opts.messages, written: true },
    { option: '--by-key-out', path: opts.byKeyOut, written: true },
    { option: '--series-out', path: opts.seriesOut, written: true },
  ]);
  const cfg = buildSimulationConfig(opts);
  gitCommit(); // now, while the process is small (see gitCommit)
  const loaded = await readTraceForCli(tracePath, { cache: opts.cache !== false });
  reportSanity(loaded.trace, cfg, loaded.facts);
  const progress = !opts.quiet && process.stderr.isTTY;
  const total = cfg.loads.length * cfg.arms.length;
  let done = 0;
  const messages = opts.messages === undefined ? null : openMessageFile(String(opts.messages));
  let out;
  try {
    out = simulate(loaded.trace, cfg, (load, arm) => {
      done++;
      if (progress) process.stderr.write(`\r[${done}/${total}] load ${load} ${arm}`.padEnd(60));
    }, undefined, messages, warmStoreForCli(loaded, { cache: opts.cache !== false }));
    messages?.commit();
  } catch (err) {
    messages?.abort();
    throw err;
  }
  if (progress) process.stderr.write('\n');
  if (messages !== null && !opts.quiet) process.stderr.write(`hsim: wrote ${messages.path}\n`);
  writeProbeTables(out, opts);
  const file = buildResultFile(cliProvenance(), tracePath, loaded.sha256, out, optionsRecord(cfg));
  if (opts.output !== undefined) writeResultFile(String(opts.output), file);
  if (opts.output !== undefined) {
    if (!opts.json) process.stdout.write(formatSimulationTable(out));
    if (!opts.quiet) process.stderr.write(`hsim: wrote ${String(opts.output)}\n`);
  }
  if (opts.json) process.stdout.write(resultFileText(file));
  else if (opts.output === undefined) process.stdout.write(formatSimulationTable(out));
}

/** `--by-key-out FILE`, `--series-out FILE`: the result's per-key figures and queue series as tables (format by name). */
function writeProbeTables(out: SimulationOutput, opts: RawOptions): void {
  const outputs = [[opts.byKeyOut, byKeyTable], [opts.seriesOut, seriesTable]] as const;
  for (const [path, build] of outputs) {
    if (path === undefined) continue;
    const table = build(out.results);
    writeTableFile(String(path), table);
    if (!opts.quiet) process.stderr.write(`${msg.tableWritten(String(path), table.batch.rows)}\n`);
  }
}
