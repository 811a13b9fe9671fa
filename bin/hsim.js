#!/usr/bin/env node
// The hsim executable. It runs the CLI from a bundle of the TypeScript sources that is rebuilt automatically
// whenever a source file changes (src/io/bundle-io.js), so there is no build step and no per-module loader cost at
// start-up. If bundling is impossible it falls back to the tsx loader. HSIM_NO_BUNDLE=1 forces the tsx loader.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setHsimFlags } from './v8-flags.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

setHsimFlags();

// `hsim --version` needs nothing but package.json: answered before the bundle is checked or loaded, so it costs no
// more than Node's own start-up (the CLI prints the same line; launcher.test.ts compares them).
const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { readFileSync } = await import('node:fs');
  process.stdout.write(`${JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version}\n`);
  process.exit(0);
}

let entry = null;
if (process.env.HSIM_NO_BUNDLE !== '1') {
  try {
    const { cachedBundle } = await import('../src/io/bundle-io.js');
    entry = await cachedBundle(root, 'cli', join(root, 'cli', 'main.ts'), 'cjs');
  } catch (err) {
    if (process.env.HSIM_DEBUG) process.stderr.write(`hsim: bundling failed, using the tsx loader: ${err}\n`);
  }
}
if (entry) {
  // Run as CommonJS, not imported (importing a CommonJS file first scans all of it for the names it exports), with
  // a V8 code cache per command.
  const { runBundle } = await import('../src/io/bundle-io.js');
  runBundle(entry, argv.find((a) => !a.startsWith('-')) ?? 'help');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
}
