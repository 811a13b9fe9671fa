// The implementation of `hsim simulate`: validate options, load the trace, simulate, write or print results.
import { buildResultFile } from '../result/result-file.ts';
import { resultFileText, writeResultFile } from '../result/result-file-io.ts';
import { readTraceForCli, warmStoreForCli } from '../../traces/trace-read-io.ts';
import { simulate } from '../../sim/simulate.ts';
import { cliProvenance, gitCommit } from '../io/provenance-io.ts';
import { formatSimulationTable } from './simulation-table.ts';
import { reportSanity } from './sanity-report.ts';
import { MessageCsvFile } from '../io/message-csv-io.ts';
import { buildSimulationConfig, optionsRecord, type RawOptions } from '../experiment/simulation-config-io.ts';

/** Runs `hsim simulate`. */
export async function runSimulateCommand(tracePath: string, opts: RawOptions): Promise<void> {
  const cfg = buildSimulationConfig(opts);
  gitCommit(); // now, while the process is small (see gitCommit)
  const loaded = await readTraceForCli(tracePath, { cache: opts.cache !== false });
  reportSanity(loaded.trace, cfg, loaded.facts);
  const progress = !opts.quiet && process.stderr.isTTY;
  const total = cfg.loads.length * cfg.arms.length;
  let done = 0;
  const messages = opts.messages === undefined ? null : new MessageCsvFile(String(opts.messages));
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
  const file = buildResultFile(cliProvenance(), tracePath, loaded.sha256, out, optionsRecord(cfg));
  const text = opts.output !== undefined ? writeResultFile(String(opts.output), file) : resultFileText(file);
  if (opts.output !== undefined) {
    if (!opts.json) process.stdout.write(formatSimulationTable(out));
    if (!opts.quiet) process.stderr.write(`hsim: wrote ${String(opts.output)}\n`);
  }
  if (opts.json) process.stdout.write(text);
  else if (opts.output === undefined) process.stdout.write(formatSimulationTable(out));
}
