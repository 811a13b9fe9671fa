// The implementation of `hsim replay`: run the replay, write the result file, print the table; invalid exits 1.
import { CheckFailedError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { writeHashedResult } from '../src/io/result-integrity-io.ts';
import type { SimulationOutput } from '../sim/simulate.ts';
import { replayTrace } from '../replay/replay-run-io.ts';
import { formatSimulationTable } from './simulation-table.ts';
import { refuseOutputClashes } from './output-clash.ts';

type RawOptions = Record<string, unknown>;

/** Runs `hsim replay`: writes the file (also for an invalid run), prints the table; an invalid run exits 1. */
export async function runReplayCommand(tracePath: string, opts: RawOptions): Promise<void> {
  refuseOutputClashes('replay', [
    { option: '<trace>', path: tracePath, written: false },
    { option: '--static-map', path: opts.staticMap, written: false },
    { option: '--predictor-snapshot', path: opts.predictorSnapshot, written: false },
    { option: '--tls-ca', path: opts.tlsCa, written: false },
    { option: '-o', path: opts.output, written: true },
  ]);
  const log = (line: string): void => {
    if (!opts.quiet) process.stderr.write(`${line}\n`);
  };
  const progress = !opts.quiet && process.stderr.isTTY
    ? (arm: string, c: number, t: number): void => void process.stderr.write(`\r${arm}: ${c}/${t}`.padEnd(50) + (c === t ? '\n' : ''))
    : undefined;
  const { file, valid, reasons } = await replayTrace(tracePath, opts, log, progress);
  const text = stableStringify(file);
  if (opts.output !== undefined) {
    writeHashedResult(String(opts.output), text);
    log(`hsim: wrote ${String(opts.output)}${valid ? '' : ' (marked "valid": false)'}`);
  }
  if (opts.json) process.stdout.write(text);
  else if (valid) process.stdout.write(formatSimulationTable({ trace: file.trace as SimulationOutput['trace'], results: file.results as SimulationOutput['results'] }));
  if (!valid) throw new CheckFailedError(msg.replayInvalid(reasons));
}
