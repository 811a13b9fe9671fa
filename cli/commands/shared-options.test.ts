// shared-options.ts: every command that takes a shared option gets it with the flags, default, help and parser it offers.
import { Command, type Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerCommands } from './index.ts';
import { armsOption, windowsOption } from './shared-options.ts';

/** One line per option: flags, (required), = default, what `a` then `b` parse to for options with a parser, and the help. */
function optionLine(o: Option): string {
  const parts = [o.flags];
  if (o.mandatory) parts.push('(required)');
  if (o.defaultValue !== undefined) parts.push(`= ${JSON.stringify(o.defaultValue)}`);
  if (o.parseArg !== undefined) parts.push(`(a, b → ${JSON.stringify(o.parseArg('b', o.parseArg('a', o.defaultValue)))})`);
  return `${parts.join(' ')}: ${o.description}`;
}

function commandAt(program: Command, path: string): Command {
  let cmd = program;
  for (const name of path.split(' ')) {
    const sub = cmd.commands.find((c) => c.name() === name);
    if (sub === undefined) throw new Error(`no command ${path}`);
    cmd = sub;
  }
  return cmd;
}

// The options each command offers (as `hsim <command> --help` lists them, in order). The shared ones come from
// shared-options.ts; a line that changes here changes the CLI. Where one command's copy differs (replay's 28 windows,
// its one load, worker's required --queue) the call in the command's module says why.
const EXPECTED: Record<string, string[]> = {
  'simulate': [
    '--arm <arm> = [] (a, b → ["a","b"]): arm routing[+flag…], repeatable (e.g. fifo, oracle+weights+pausing)',
    '--load <loads> = "0.5,0.8,0.95": target loads, comma-separated, or as-is',
    '--workers <n> = "64": virtual workers',
    '--cores <n>: handlers compute: the running ones share N cores (processor sharing); default a core each',
    '--overhead <ms>: a fixed broker cost per message before its handler starts (the worker is busy; CPU that shares the --cores)',
    '--levels <n> = "3": priority levels',
    '--split <by> = "time": history/evaluation split: time, count or none',
    '--fraction <f> = "0.5": history share of the split',
    '--windows <k> = "7": number of windows',
    '--window-by <by> = "time": windows by time or count',
    '--static-map <file>: JSON map key-or-class → level, for static-map arms',
    '--set <param=value> = [] (a, b → ["a","b"]): override a parameter, e.g. predictor.minSamples=5 (repeatable)',
    '--predictor-snapshot <file>: start warm predictive arms from this predictor snapshot',
    '--seed <n> = "1": seed for seeded arms (static-random)',
    '--ties <order>: order of rows sharing an arrival time: file (as written) or shuffle:SEED, applied before the split',
    '--jitter <ms:seed>: move each arrival uniformly within ±MS ms (seeded), then re-sort stably, before the split',
    '--latency-cdf: store each arm\'s latency CDF per load (latency at 31 quantile levels, min to max) for the report\'s CDF charts',
    '-o, --output <file>: write the result JSON here (atomically)',
    '--json: print the result JSON to stdout instead of a table',
    '--no-cache: do not use the binary trace cache',
    '--quiet: no progress on stderr',
    '--messages <file>: write one row per evaluated message, per arm and load: CSV (.csv; .csv.gz: gzip), Parquet (.parquet) or Arrow IPC (.arrow), by the name',
    '--by-key: add per-key count, mean wait and mean latency to each arm result',
    '--series <n>: add n samples of the queues (waiting per level, busy workers, promoted share) to each arm result',
    '--by-key-out <file>: also write the per-key figures as one table (load, arm, key, count, mean_wait_ms, mean_latency_ms): .parquet, .arrow or .csv; implies --by-key',
    '--series-out <file>: also write the --series samples as one long table (load, arm, sample, at_ms, level, waiting, promoted_share, busy): .parquet, .arrow or .csv',
  ],
  'replay': [
    '--broker <url> (required): amqp://user:pass@host:port (RabbitMQ), redis://host:port (BullMQ) or harbinger://host:port',
    '--arm <arm> = [] (a, b → ["a","b"]): arm routing[+flag…], repeatable; RabbitMQ and BullMQ need +no-aging on priority arms',
    '--load <load> = "0.5": one target load, or as-is',
    '--time-scale <x> = "1": divide every time by X (2 = twice as fast)',
    '--workers <n> = "64": consumers, one message in flight each',
    '--levels <n> = "3": priority levels',
    '--split <by> = "time": history/evaluation split: time, count or none',
    '--fraction <f> = "0.5": history share of the split',
    '--windows <k> = "28": number of windows',
    '--window-by <by> = "time": windows by time or count',
    '--static-map <file>: JSON map key-or-class → level, for static-map arms',
    '--set <param=value> = [] (a, b → ["a","b"]): override a parameter, e.g. predictor.minSamples=5 (repeatable)',
    '--predictor-snapshot <file>: start warm predictive arms from this predictor snapshot',
    '--tls-ca <file>: harbinger: connect over TLS, trusting this PEM certificate (the broker\'s --tls-cert or its CA)',
    '--use-broker-snapshot: harbinger: start predictive arms from the snapshot the broker loaded at start',
    '--lateness-bound <ms> = "10": a run whose producer lateness p99 exceeds this is invalid',
    '--max-retries <n> = "3": harbinger: deliveries beyond 1 + n dead-letter a message',
    '--stall-timeout <ms>: an arm with no delivery or acknowledgement for this long while messages are outstanding ends invalid (default: max(10000, 3 × the longest scaled duration))',
    '--seed <n> = "1": seed for seeded arms (static-random)',
    '--handlers <kind> = "sleep": sleep: each handler sleeps its duration; compute: a calibrated CPU loop in handler processes',
    '--handler-processes <p>: compute: handler processes, consumer c in process c mod P (default: one per consumer, at most 16)',
    '--latency-cdf: store each arm\'s latency CDF (latency at 31 quantile levels, min to max) for the report\'s CDF charts',
    '-o, --output <file>: write the result JSON here (atomically; also for an invalid run, marked valid: false)',
    '--json: print the result JSON to stdout instead of a table',
    '--no-cache: do not use the binary trace cache',
    '--quiet: no progress on stderr',
  ],
  'run': [
    '--jobs <n> = "1": worker threads running cells in parallel',
    '--resume: skip cells whose file exists with the same input hash and trace SHA-256',
    '--shard <i/n>: run only every n-th cell starting at the i-th (1-based); join shards with hsim merge',
    '--queue <url>: put the cells on a BullMQ queue on this Redis (redis://host:port) for hsim worker processes',
    '--queue-name <name> = "hsim-cells": BullMQ queue name (the workers must use the same)',
    '-o, --out <dir>: output folder (default: the experiment\'s "out", relative to its file)',
    '--no-cache: do not use the binary trace cache',
    '--ties <order>: file or shuffle:SEED: order of rows sharing an arrival time (replaces the file\'s "ties")',
    '--jitter <ms:seed>: move each arrival within ±MS ms, seeded, before the split (replaces the file\'s "jitter")',
    '--cores <n>: handlers compute: the running ones share N cores (replaces the file\'s "cores")',
    '--overhead <ms>: a fixed broker cost per message before its handler starts (replaces the file\'s "overhead_ms")',
    '--quiet: no progress bar, no summary and no table',
  ],
  'sweep': [
    '--jobs <n> = "1": worker threads running cells in parallel',
    '--resume: skip cells whose file exists with the same input hash and trace SHA-256',
    '--queue <url>: put the cells on a BullMQ queue on this Redis (redis://host:port) for hsim worker processes',
    '--queue-name <name> = "hsim-cells": BullMQ queue name (the workers must use the same)',
    '-o, --out <dir>: output folder (default: the sweep\'s "out", relative to its file)',
    '--unfrozen: evaluate the gate without a lock (recorded as gate_frozen: false)',
    '--no-cache: do not use the binary trace cache',
    '--ties <order>: file or shuffle:SEED: order of rows sharing an arrival time (replaces the file\'s "ties")',
    '--jitter <ms:seed>: move each arrival within ±MS ms, seeded, before the split (replaces the file\'s "jitter")',
    '--cores <n>: handlers compute: the running ones share N cores (replaces the file\'s "cores")',
    '--overhead <ms>: a fixed broker cost per message before its handler starts (replaces the file\'s "overhead_ms")',
    '--quiet: no progress bar and no summary on stderr',
  ],
  'worker': [
    '--queue <url> (required): Redis URL, e.g. redis://127.0.0.1:6379',
    '--queue-name <name> = "hsim-cells": BullMQ queue name (as given to hsim run)',
    '--jobs <n> = "1": cells at once, each on its own worker thread',
    '--data <dir> (a, b → ["a","b"]): a folder whose traces (and subfolders\' traces) jobs may name; repeatable (default: the current folder)',
    '--name <name>: this worker\'s name in cell files and the coordinator\'s notices (default: host:pid)',
    '--quiet: no log lines on stderr',
  ],
  'traces info': [
    '--json: print stable JSON instead of text',
    '--workers <n> = "64": workers for the offered load: total duration / (span × workers)',
  ],
  'traces diagnose': [
    '--json: print stable JSON instead of text',
    '--load <load> = "0.8": the load of the simulated predictive arm; sets the time scale of key gaps (a number or as-is)',
    '--workers <n> = "64": virtual workers (for the compress factor)',
    '--levels <n> = "3": priority levels',
    '--split <by> = "time": history/evaluation split: time or count (as simulate)',
    '--fraction <f> = "0.5": history share of the split',
    '--arm <arm> = "predictive": the warm predictive arm to simulate (flags keys=producer, sizebins, summary, aging, @overrides)',
    '--set <param=value> = [] (a, b → ["a","b"]): override a parameter as in simulate, e.g. predictor.minSamples=5 (repeatable)',
    '--no-cache: do not use the binary trace cache',
  ],
  'predictor warm': [
    '-o, --output <file> (required): snapshot file (written atomically; an existing one is kept as <file>.prev)',
    '--load <load> = "as-is": load whose compress factor sets the warm-start clock (a number or as-is)',
    '--workers <n> = "64": virtual workers (for the compress factor)',
    '--levels <n> = "3": priority levels',
    '--split <by> = "time": history/evaluation split: time or count (as simulate)',
    '--fraction <f> = "0.5": history share of the split',
    '--arm <arm> = "predictive": the predictive arm whose keying and parameters to use (flags keys=producer, sizebins, summary, aging, @overrides)',
    '--set <param=value> = [] (a, b → ["a","b"]): override a parameter as in simulate, e.g. predictor.minSamples=5 (repeatable)',
    '--no-cache: do not use the binary trace cache',
  ],
  'predictor show': [
    '--json: print stable JSON instead of text',
    '--key <key>: show only this key',
    '--top <n> = "20": show the N keys with the most observations',
    '-o, --output <dir>: also write the paper\'s Figure 4 (pooled and per-key histograms with the boundaries) as predictor.vl.json and predictor.svg here',
  ],
  'demo': [
    '-o, --output <dir> = "out/demo": output folder',
    '--n <jobs> = "60000": jobs in the serverless trace',
    '--seed <n> = "1": seed of the generated traces',
    '--quiet: no progress on stderr',
  ],
};

describe('shared options', () => {
  const program = new Command('hsim');
  registerCommands(program);
  for (const [path, lines] of Object.entries(EXPECTED)) {
    it(`hsim ${path} offers the same options, defaults, help and parsers`, () => {
      expect(commandAt(program, path).options.map(optionLine)).toEqual(lines);
    });
  }

  it('give a command its own default only where it asks, leaving the shared one to the others', () => {
    expect(windowsOption().defaultValue).toBe('7');
    expect(windowsOption({ default: '28' }).defaultValue).toBe('28');
    expect(windowsOption().defaultValue).toBe('7');
  });

  it('give every command a fresh list for a repeatable option, so one command\'s values never leak into another\'s', () => {
    const a = armsOption();
    const b = armsOption();
    expect(a.defaultValue).toEqual([]);
    expect(a.defaultValue).not.toBe(b.defaultValue);
    expect(a.parseArg?.('fifo', a.defaultValue)).toEqual(['fifo']);
    expect(a.defaultValue).toEqual([]);
  });
});
