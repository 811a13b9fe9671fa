// Import-direction rules of SPEC §2: no cycles; sim depends on src only; analysis never imports sim;
// reports never import sim; the src core does not import the outer folders (src/cli may).
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    { name: 'sim-depends-on-src-only', severity: 'error',
      from: { path: '^sim/' }, to: { path: '^(traces|converters|analysis|reports|experiments)/' } },
    { name: 'analysis-never-imports-sim', severity: 'error',
      from: { path: '^analysis/' }, to: { path: '^(sim|converters|reports)/' } },
    { name: 'reports-never-import-sim', severity: 'error',
      from: { path: '^reports/' }, to: { path: '^sim/' } },
    { name: 'core-does-not-import-outer-folders', severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli/' }, to: { path: '^(sim|traces|converters|analysis|reports)/' } },
    { name: 'nothing-imports-the-cli', severity: 'error',
      from: { pathNot: '^(src/cli/|bench/)' }, to: { path: '^src/cli/' } },
    { name: 'not-to-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|\\.test\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
