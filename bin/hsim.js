#!/usr/bin/env node
// The hsim executable. It runs the CLI from a bundle of the TypeScript sources that is rebuilt automatically
// whenever a source file changes (bin/bundle.js), so there is no build step and no per-module loader cost at
// start-up. If bundling is impossible it falls back to the tsx loader. HSIM_NO_BUNDLE=1 forces the tsx loader.
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The event loops inline the scheduler core, the completion heap and the router into one function; V8's default
// budget of inlined bytecode per function (920) stops short of that, and a call per event costs 10–20 % of a cell
// (bench/engine-bench.ts). Set before any code is optimized; process-wide, so the cell threads get it too. Inlining
// changes no result: JavaScript arithmetic is the same IEEE arithmetic whether a function is inlined or called.
setFlagsFromString('--max-inlined-bytecode-size-cumulative=2000');

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
    const { cachedBundle } = await import('./bundle.js');
    entry = await cachedBundle(root, 'cli', join(root, 'src', 'cli', 'main.ts'));
  } catch (err) {
    if (process.env.HSIM_DEBUG) process.stderr.write(`hsim: bundling failed, using the tsx loader: ${err}\n`);
  }
}
if (entry) {
  await import(pathToFileURL(entry).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
