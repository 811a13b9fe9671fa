// Start-up cost of the hsim command (target: `--version` ≤ 0.2 s), beside bare Node measured in the same run.
import { spawnSync } from 'node:child_process';

/** Wall and CPU (user+sys) seconds of one process, by GNU time. */
function timed(cmd: string, args: string[]): { wall: number; cpu: number } {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', cmd, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const [wall, user, sys] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { wall: wall!, cpu: user! + sys! };
}

const RUNS = 7;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cases: [string, string, string[]][] = [
  ['baseline: node -e ""', process.execPath, ['-e', '']],
  ['./hsim --version', './hsim', ['--version']],
  ['node bin/hsim.js --help', process.execPath, ['bin/hsim.js', '--help']],
  ['npx hsim --version (npm start-up included)', 'npx', ['hsim', '--version']],
];
timed('./hsim', ['--help']); // builds the bundle if the sources changed, so no case pays for it
process.stdout.write(`start-up, median of ${RUNS} runs (wall / CPU seconds); target: ./hsim --version ≤ 0.2 s\n`);
let base = 0;
for (const [label, cmd, args] of cases) {
  const runs = Array.from({ length: RUNS }, () => timed(cmd, args));
  const wall = median(runs.map((r) => r.wall));
  const cpu = median(runs.map((r) => r.cpu));
  if (base === 0) base = wall;
  process.stdout.write(`  ${label.padEnd(44)} ${wall.toFixed(2)} s wall, ${cpu.toFixed(2)} s CPU  (${(wall / base).toFixed(2)}× node)\n`);
}
