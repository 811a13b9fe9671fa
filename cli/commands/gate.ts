// `hsim gate freeze|check`: pre-register a gate file, then judge result files against it (SPEC §7).
import type { Command } from 'commander';
import * as msg from '../messages.ts';

/** Registers `hsim gate freeze <gate.json>` and `hsim gate check <gate.json> <results>`. */
export function registerGate(program: Command): void {
  const gate = program
    .command('gate')
    .description('pre-registered gates: freeze a gate file before the run, check results against it after')
    .addHelpText('after', '\nExample:\n  hsim gate freeze experiments/gates/weights-pausing-vs-fifo.sim.json\n  hsim gate check experiments/gates/weights-pausing-vs-fifo.sim.json out/results.json');

  gate
    .command('freeze')
    .description('write <gate>.lock.json: the gate file SHA-256, tool version, git commit and time')
    .argument('<gate>', 'gate file (JSON)')
    .addHelpText('after', '\nExample:\n  hsim gate freeze experiments/gates/predictive-vs-fifo.sim.json   # writes predictive-vs-fifo.sim.lock.json')
    .action(async (gatePath: string) => {
      const { freezeGate } = await import('../../analysis/gate-io.ts');
      const { toolVersion, gitCommit } = await import('../../src/io/provenance-io.ts');
      await import('../../sim/arms/index.ts');
      const { armProblem } = await import('../../sim/arms/arm-spec.ts');
      const { lockPath, lock, existing } = freezeGate(gatePath, { toolVersion: toolVersion(), gitCommit: gitCommit(), frozenAt: new Date().toISOString() }, armProblem);
      process.stdout.write(existing ? `already frozen: ${gatePath} matches ${lockPath} (sha256 ${lock.gate_sha256}, frozen ${lock.frozen_at})\n` : `froze ${gatePath}: sha256 ${lock.gate_sha256} → ${lockPath}\n`);
    });

  gate
    .command('check')
    .description('evaluate every load of a result file (or directory of them) against a frozen gate; exit 1 when it fails')
    .argument('<gate>', 'gate file (JSON), frozen with `hsim gate freeze`')
    .argument('<results>', 'result file (docs/result-file.md) or a directory of result files')
    .option('--json', 'print the verdict as JSON')
    .option('--unfrozen', 'evaluate a gate that has no lock (marked as not pre-registered)')
    .addHelpText('after', '\nPre-registered means: the gate and its lock, as they are, were committed at an ancestor of the commit the results\nrecord (experiment_commit when hsim run read the experiment from a repository of its own, else hsim\'s commit), and\nevery result file matches the <file>.sha256 hsim wrote beside it; otherwise the report says why not\n("results edited (hash mismatch)", "unverified (no hash)", …).\n\nExample:\n  hsim gate check experiments/gates/weights-pausing-vs-fifo.sim.json out/results/ --json\n\nExit codes: 0 the gate passes at every load, 1 it fails at some load, 2 bad input (including a gate edited after freezing).')
    .action(async (gatePath: string, resultsPath: string, opts: { json?: boolean; unfrozen?: boolean }) => {
      const { checkGate } = await import('../../analysis/gate-io.ts');
      const { formatGateReport } = await import('../../analysis/gate-report.ts');
      const { stableStringify } = await import('../../src/json/stable-json.ts');
      const { CheckFailedError } = await import('../../src/errors.ts');
      const report = checkGate(gatePath, resultsPath, { unfrozen: opts.unfrozen === true });
      process.stdout.write(opts.json === true ? stableStringify(report) : formatGateReport(report));
      if (!report.passed) {
        const failed = Object.entries(report.loads).filter(([, l]) => !l.passed).map(([load]) => load);
        throw new CheckFailedError(msg.gateFailed(report.gate, failed));
      }
    });
}
