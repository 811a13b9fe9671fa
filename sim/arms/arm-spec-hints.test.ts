// parseArm's hints for a newcomer's slips: a comma list of arms, a mistyped routing, a mistyped flag.
import { describe, expect, it } from 'vitest';
import './index.ts';
import { parseArm } from './arm-spec.ts';

describe('parseArm hints', () => {
  it('says to repeat --arm for a comma-separated list of arms', () => {
    expect(() => parseArm('fifo,predictive+weights+pausing', 3)).toThrow('(repeat --arm for each arm: --arm fifo --arm predictive+weights+pausing)');
  });
  it('suggests the nearest routing and flag', () => {
    expect(() => parseArm('predictve', 3)).toThrow('(did you mean "predictive"?)');
    expect(() => parseArm('oracle+pasuing', 3)).toThrow('(did you mean "pausing"?)');
  });
  it('suggests nothing for an unrelated name', () => {
    expect(() => parseArm('banana', 3)).toThrow(/unknown routing "banana"; expected one of [^(]*$/);
  });
  it('says a flag written first is not a routing, and writes the arm with its routing first', () => {
    expect(() => parseArm('pausing+predictive', 3)).toThrow(/^option --arm pausing\+predictive: pausing is a flag, not a routing; .*\(write predictive\+pausing\)$/);
    expect(() => parseArm('weights=4,2,1+pausing+oracle@aging=3000', 3)).toThrow('weights is a flag, not a routing; expected routing[+flag…], the routing first (one of ');
    expect(() => parseArm('weights=4,2,1+pausing+oracle@aging=3000', 3)).toThrow('(write oracle+weights=4,2,1+pausing@aging=3000)');
    expect(() => parseArm('pausing', 3)).toThrow('(write a routing first, e.g. predictive+pausing)');
    expect(parseArm('predictive+pausing', 3).flags.pausing).toBe(true);
  });
});
