#!/usr/bin/env node
// The hsim executable. It runs the CLI from a bundle of the TypeScript sources that is rebuilt automatically
// whenever a source file changes (cached under node_modules/.cache/hsim/), so there is no build step and no
// per-module loader cost at start-up. If bundling is impossible it falls back to the tsx loader.
// HSIM_NO_BUNDLE=1 forces the tsx loader.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['src', 'sim', 'traces', 'converters', 'analysis', 'reports'];

/** A key over every source file's path, size and modification time (and package.json). */
function sourceKey() {
  const h = createHash('sha256');
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|json)$/.test(e.name) && !e.name.endsWith('.test.ts')) {
        const s = statSync(p);
        h.update(`${p}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  for (const d of SOURCE_DIRS) if (existsSync(join(root, d))) walk(join(root, d));
  h.update(readFileSync(join(root, 'package.json')));
  return h.digest('hex').slice(0, 20);
}

/** Each module keeps its own import.meta.url, so paths it resolves relative to itself still work in the bundle. */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

async function bundledEntry() {
  const cacheDir = join(root, 'node_modules', '.cache', 'hsim');
  const own = `cli-${sourceKey()}`;
  const dir = join(cacheDir, own);
  const file = join(dir, 'main.mjs');
  if (existsSync(file)) return file;
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${dir}.${process.pid}.tmp`;
  // Code splitting keeps each command's dynamic import (and its packages) lazy, as with the loader.
  await build({
    entryPoints: { main: join(root, 'src', 'cli', 'main.ts') },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
    plugins: [keepModuleUrls],
  });
  // Remove bundles of older sources (finished ones only: other processes may be building right now, and one may
  // already have published this very bundle and be running from it).
  for (const old of readdirSync(cacheDir)) if (/^cli-[0-9a-f]+$/.test(old) && old !== own) rmSync(join(cacheDir, old), { recursive: true, force: true });
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another process finished the same bundle first: use it.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(file)) throw err;
  }
  return file;
}

let entry = null;
if (process.env.HSIM_NO_BUNDLE !== '1') {
  try {
    entry = await bundledEntry();
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
