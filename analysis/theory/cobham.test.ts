// Cobham's mean waits of non-preemptive priority classes, FIFO as one class, and Kleinrock's conservation law.
import { describe, expect, it } from 'vitest';
import { exponentialClass, fifoMeanWait, priorityMeanWaits, residualWork, utilisation } from './cobham.ts';
import { conservation } from './kleinrock.ts';

describe("Cobham's non-preemptive priority waits", () => {
  const short = exponentialClass(0.3, 1);
  const long = exponentialClass(0.05, 8);

  it('matches the two-class formulas of SPEC §9', () => {
    const w0 = residualWork([short, long]);
    // W0 = ½(0.3·2 + 0.05·128) = 3.5; ρ_s = 0.3; ρ = 0.7.
    expect(w0).toBeCloseTo(3.5, 14);
    expect(utilisation([short, long])).toBeCloseTo(0.7, 14);
    const [ws, wl] = priorityMeanWaits([short, long]);
    expect(ws).toBeCloseTo(3.5 / 0.7, 12);
    expect(wl).toBeCloseTo(3.5 / (0.7 * 0.3), 12);
    expect(fifoMeanWait([short, long])).toBeCloseTo(3.5 / 0.3, 12);
  });

  it('reduces to FIFO for one class and satisfies Kleinrock conservation for k classes', () => {
    expect(priorityMeanWaits([short])[0]).toBeCloseTo(fifoMeanWait([short]), 14);
    const classes = [exponentialClass(0.2, 0.5), { lambda: 0.1, meanService: 2, secondMoment: 9 }, exponentialClass(0.02, 10)];
    const { weighted, fifo } = conservation(classes, priorityMeanWaits(classes));
    expect(weighted).toBeCloseTo(fifo, 12);
    // Reversing the priority order changes the waits but not the conserved quantity.
    const reversed = [...classes].reverse();
    expect(conservation(reversed, priorityMeanWaits(reversed)).weighted).toBeCloseTo(fifo, 12);
  });

  it('refuses an unstable system and invalid classes', () => {
    expect(() => priorityMeanWaits([exponentialClass(1, 1)])).toThrow(RangeError);
    expect(() => priorityMeanWaits([{ lambda: 0.1, meanService: 1, secondMoment: 0.5 }])).toThrow(RangeError);
    expect(() => conservation([short], [1, 2])).toThrow(RangeError);
  });
});
