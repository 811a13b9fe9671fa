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
});
