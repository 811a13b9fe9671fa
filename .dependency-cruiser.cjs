// Import-direction rules of SPEC §2 for the folder map of README.md: no cycles, a pure core, I/O at the edges.
// The pure core is src/{predictor,scheduler,rng,stats,trace,json,result,arm,format,text} with src/errors.ts,
// src/messages.ts and src/input-ranges.ts, less their *-io.ts modules (STYLE: the I/O side of a concept sits beside
// its pure part, named *-io.ts);
// src/{broker,replay,experiment,io} are the application folders beside it (they may do I/O); src/cli/ is on top.
const CORE = '^src/(predictor|scheduler|rng|stats|trace|json|result|arm|format|text)/|^src/(errors|messages|input-ranges)\\.ts$';
const APP = '^src/(broker|replay|experiment|io)/';
// Node's modules that touch files, processes, sockets or threads.
const IO_MODULES = '(node:)?(fs|fs/promises|child_process|net|tls|http|https|worker_threads|dgram|readline)';

module.exports = {
  forbidden: [
    // SPEC §2: "No import cycles."
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    // SPEC §2: "sim/ depends on src/ only" (the engine takes an in-memory trace and config).
    { name: 'sim-depends-on-src-only', severity: 'error',
      from: { path: '^sim/' }, to: { path: '^(traces|converters|analysis|reports|experiments)/' } },
    // SPEC §2: sim/ needs the shared core, never the broker, replay, experiment runner, I/O helpers or the CLI.
    { name: 'sim-depends-on-the-core-only', severity: 'error',
      from: { path: '^sim/' }, to: { path: `${APP}|^src/cli/` } },
    // …and does no I/O itself: no file, process, socket or thread module, no *-io.ts module (the CLI reads the
    // trace and writes the results; the message log streams through a sink it is handed).
    { name: 'sim-does-no-io', severity: 'error',
      from: { path: '^sim/' }, to: { path: `-io\\.ts$|^${IO_MODULES}$` } },
    // SPEC §2: "analysis/ never imports sim/" (pure statistics over result files).
    { name: 'analysis-never-imports-sim', severity: 'error',
      from: { path: '^analysis/' }, to: { path: '^(sim|converters|reports)/' } },
    // SPEC §2: "reports/ reads result files and analysis tables, never engine state".
    { name: 'reports-never-import-sim', severity: 'error',
      from: { path: '^reports/' }, to: { path: '^sim/' } },
    // SPEC §2: "src/ core does no I/O" and serves sim/ and the broker alike, so it imports no outer folder…
    { name: 'core-does-not-import-outer-folders', severity: 'error',
      from: { path: CORE }, to: { path: '^(sim|traces|converters|analysis|reports)/' } },
    // …nor the application folders of src/ that sit on top of it…
    { name: 'core-does-not-import-the-application', severity: 'error',
      from: { path: CORE, pathNot: '-io\\.ts$' }, to: { path: `${APP}|^src/cli/` } },
    // …nor any module that touches files, processes or sockets ("only converters/, I/O modules and src/cli/
    // touch files"; I/O modules are named *-io.ts).
    { name: 'core-does-no-io', severity: 'error',
      from: { path: CORE, pathNot: '-io\\.ts$' }, to: { path: `-io\\.ts$|^${IO_MODULES}$` } },
    // SPEC §2: src/cli/ is "the one place that touches argv, env, exit codes and the terminal": everything else is
    // driven by it and never reaches back (the simulation options that simulate, cells, replay and the demo share are
    // parsed in src/experiment/simulation-config-io.ts; traces/trace-read-io.ts reads a trace with its cache warning).
    { name: 'nothing-imports-the-cli', severity: 'error',
      from: { pathNot: '^(src/cli/|bench/)' }, to: { path: '^src/cli/' } },
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|\\.test\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve packages by their exports map as Node does for import() (tsx/esm/api has no main file).
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
