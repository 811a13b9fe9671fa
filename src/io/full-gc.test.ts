// fullGc must really collect: it is what keeps Node 20 from hanging at exit (full-gc.ts).
import { expect, it } from 'vitest';
import { fullGc } from './full-gc.ts';

it('collects an object nothing refers to any more, on each call', async () => {
  for (let round = 0; round < 2; round++) {
    const ref = new WeakRef({ payload: new Array<number>(1000).fill(round) });
    // A WeakRef keeps its target alive until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fullGc();
    expect(ref.deref()).toBeUndefined();
  }
});
