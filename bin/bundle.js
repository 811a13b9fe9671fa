// Bundles a TypeScript entry point with esbuild into node_modules/.cache/hsim/, keyed by the sources, so that hsim
// runs with no build step and no per-module loader cost: rebuilt automatically whenever a source file changes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCE_DIRS = ['src', 'sim', 'traces', 'converters', 'analysis', 'reports'];
const MODULE_URL = ['import', 'meta', 'url'].join('.');

/** A key over every source file's path, size and modification time, package.json and this bundler's own code. */
export function sourceKey(root) {
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
  h.update(readFileSync(new URL(import.meta.url)));
  return h.digest('hex').slice(0, 20);
}

/** Each module keeps its own import.meta.url, so paths it resolves relative to itself still work in the bundle. */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(MODULE_URL, JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/**
 * The path of `<name>-<source key>/main.mjs`, the bundle of `entry` (code-split, so dynamic imports stay lazy),
 * built first when missing. Safe with concurrent processes: each builds into its own folder, the first rename wins,
 * and older bundles (never this one) are removed. Throws when esbuild is missing or the sources do not compile.
 */
export async function cachedBundle(root, name, entry) {
  const cacheDir = join(root, 'node_modules', '.cache', 'hsim');
  const own = `${name}-${sourceKey(root)}`;
  const dir = join(cacheDir, own);
  const file = join(dir, 'main.mjs');
  if (existsSync(file)) return file;
  const { build } = await import('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  const tmp = `${dir}.${process.pid}.tmp`;
  await build({
    entryPoints: { main: entry },
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
  const finished = new RegExp(`^${name}-[0-9a-f]+$`);
  for (const old of readdirSync(cacheDir)) if (finished.test(old) && old !== own) rmSync(join(cacheDir, old), { recursive: true, force: true });
  try {
    renameSync(tmp, dir);
  } catch (err) {
    // Another process published the same bundle first: use it.
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(file)) throw err;
  }
  return file;
}
