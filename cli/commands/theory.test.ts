// `hsim theory` end to end: the Erlang C line, JSON output, and a bad load rejected with exit 2.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { erlangC } from '../../analysis/theory/erlang-c.ts';
import { repositoryRoot } from '../../src/io/provenance-io.ts';

const root = repositoryRoot();
function hsim(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'hsim.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('hsim theory', () => {
  it('prints one Erlang C line for --c and --rho, as JSON with --json', () => {
    const r = hsim('theory', '--c', '64', '--rho', '0.8', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { erlangC: { c: number; rho: number; probabilityOfWaiting: number }[]; waitRatios: unknown[] };
    expect(out.erlangC).toHaveLength(1);
    expect(out.erlangC[0]).toMatchObject({ c: 64, rho: 0.8 });
    expect(out.erlangC[0]!.probabilityOfWaiting).toBe(erlangC(64, 51.2));
    expect(out.waitRatios.length).toBeGreaterThan(0);
    const text = hsim('theory');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Erlang C');
    expect(text.stdout).toContain('short/FIFO');
  });

  it('rejects a load outside (0, 1) naming the option (exit 2)', () => {
    const r = hsim('theory', '--rho', '1.2', '--c', 'x');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('option --rho: "1.2"');
    expect(r.stderr).toContain('option --c: "x"');
  });
});
