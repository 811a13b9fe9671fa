// The list of hsim commands: each module registers one command (its heavy code loads only when it runs).
import type { Command } from 'commander';
import { registerConvert } from './convert.ts';
import { registerGate } from './gate.ts';
import { registerTheory } from './theory.ts';
import { registerSimulate } from './simulate.ts';
import { registerDemo } from './demo.ts';
import { registerPredictor } from './predictor.ts';
import { registerGenerate } from './generate.ts';
import { registerTraces } from './traces.ts';
import { registerRun } from './run.ts';
import { registerSweep } from './sweep.ts';
import { registerSweepSummary } from './sweep-summary.ts';
import { registerMerge } from './merge.ts';
import { registerWorker } from './worker.ts';
import { registerReport } from './report.ts';
import { registerReplay } from './replay.ts';
import { registerBroker } from './broker.ts';
import { registerCompare } from './compare.ts';
import { registerExport } from './export.ts';

/** Adds every command to the program. One line per command module. */
export function registerCommands(program: Command): void {
  registerConvert(program);
  registerGenerate(program);
  registerTraces(program);
  registerSimulate(program);
  registerDemo(program);
  registerPredictor(program);
  registerGate(program);
  registerTheory(program);
  registerRun(program);
  registerSweep(program);
  registerSweepSummary(program);
  registerMerge(program);
  registerWorker(program);
  registerReport(program);
  registerReplay(program);
  registerBroker(program);
  registerCompare(program);
  registerExport(program);
}
