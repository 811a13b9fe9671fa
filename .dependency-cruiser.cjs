// The floors of the house (README.md, "Folder map"): every import runs down, and `make check` fails otherwise.
//
//   src/ (the shared core)  ←  traces/  ←  converters/ · sim/ · broker/  ←  analysis/  ←  reports/
//        ←  experiments/ · replay/  ←  cli/  ←  bin/, bench/, index.ts
//
// Folders on one floor do not import each other. Each rule below is stated over reachability, not single imports:
// a module may not reach a forbidden folder through any chain of imports (a chain that climbs has a climbing step,
// so the floor rules also forbid every indirect climb; the "never" rules of SPEC §2 forbid paths that run down
// through a floor, e.g. analysis/ → src/ → … → sim/). Tests and their helpers (*.test.ts, *-for-tests.ts) sit
// beside their modules and are outside the rules: a test may use a higher floor as an independent reference (sim's
// tests check the engine against analysis/theory/) or as a client (the broker's tests use replay/'s client).
const FLOORS = [
  ['core', '^src/'],
  ['traces', '^traces/'],
  ['converters', '^converters/'],
  ['sim', '^sim/'],
  ['broker', '^broker/'],
  ['analysis', '^analysis/'],
  ['reports', '^reports/'],
  ['experiments', '^experiments/'],
  ['replay', '^replay/'],
  ['cli', '^cli/'],
];
// Height of each folder; folders of equal height are peers and import neither each other nor anything higher.
const HEIGHT = { core: 0, traces: 1, converters: 2, sim: 2, broker: 2, analysis: 3, reports: 4, experiments: 5, replay: 5, cli: 6 };
const path = (name) => FLOORS.find(([n]) => n === name)[1];

// Node's modules that touch files, processes, sockets or threads.
const IO_MODULES = '^(node:)?(fs|fs/promises|child_process|net|tls|http|https|worker_threads|dgram|readline)$';
// The I/O side of a concept sits beside its pure part, named *-io.ts (STYLE).
const IO_FILE = '-io\\.(ts|js)$';

const floorRules = FLOORS.map(([name, from]) => {
  const above = FLOORS.filter(([other]) => other !== name && HEIGHT[other] >= HEIGHT[name]).map(([, p]) => p);
  return {
    name: `${name}-imports-only-lower-floors`,
    comment: `${name}/ may reach only folders below it: never ${above.join(' ')}, nor bin/ or bench/`,
    severity: 'error',
    from: { path: from },
    to: { path: [...above, '^bin/', '^bench/', '^index\\.ts$'].join('|'), reachable: true },
  };
});

module.exports = {
  forbidden: [
    // SPEC §2: "No import cycles."
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    ...floorRules,
    // SPEC §2: "analysis/ never imports sim/" (pure statistics over result files), by no chain at all.
    { name: 'analysis-never-reaches-sim', severity: 'error', from: { path: path('analysis') }, to: { path: path('sim'), reachable: true } },
    // SPEC §2: "reports/ reads result files and analysis tables, never engine state".
    { name: 'reports-never-reach-sim', severity: 'error', from: { path: path('reports') }, to: { path: path('sim'), reachable: true } },
    // SPEC §2: "src/ core does no I/O": the pure core reaches no I/O module (its *-io.ts modules are the I/O side of
    // a core concept, and only floors above import them).
    { name: 'core-does-no-io', severity: 'error',
      from: { path: path('core'), pathNot: IO_FILE }, to: { path: `${IO_FILE}|${IO_MODULES}`, reachable: true } },
    // SPEC §2: the engine takes an in-memory trace and config and does no I/O: sim/'s own *-io.ts modules (the
    // message-log writers, the simulation options read from files) are for the floors above; the engine never
    // reaches them or any file, process, socket or thread module.
    { name: 'sim-does-no-io', severity: 'error',
      from: { path: path('sim'), pathNot: IO_FILE }, to: { path: `${IO_FILE}|${IO_MODULES}`, reachable: true } },
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|\\.test\\.ts$|-for-tests\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages by their exports map as Node does for import() (tsx/esm/api has no main file).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
