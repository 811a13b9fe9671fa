// Which arm flags the ideal-order routings (sjf, sept, srpt) take: no levels, so no weights or pausing.
import { InputError } from '../../src/errors.ts';
import * as msg from '../messages.ts';
import type { ArmFlags } from '../../src/arm/arm-flags.ts';

/**
 * Throws InputError (naming the arm) when an ideal-order arm carries a level flag: `weights` or `pausing` always,
 * `aging=<ms>` when the routing has no aging (`agingAllowed` false, e.g. preemptive srpt).
 */
export function checkIdealFlags(name: string, flags: ArmFlags, agingAllowed: boolean): void {
  const bad: string[] = [];
  if (flags.weights !== null) bad.push('weights');
  if (flags.pausing) bad.push('pausing');
  if (!agingAllowed && flags.agingMs !== null) bad.push('aging');
  if (bad.length > 0) throw new InputError(msg.levelFlagsOnIdealArm(name, bad, agingAllowed));
}
