// Bundles a TypeScript entry point with esbuild into node_modules/.cache/hsim/, keyed by the sources, so that hsim
// runs with no build step and no per-module loader cost: rebuilt automatically whenever a source file changes.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

const SOURCE_DIRS = ['src', 'traces', 'sim', 'converters', 'broker', 'analysis', 'reports', 'experiments', 'replay', 'cli'];
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

/**
 * Each module keeps its own import.meta.url, so paths it resolves relative to itself still work in the bundle (and
 * in a CommonJS bundle, which has no import.meta). Packages are external, so only the project's files pass here.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|js)$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(MODULE_URL, JSON.stringify(pathToFileURL(args.path).href)),
      loader: args.path.endsWith('.ts') ? 'ts' : 'js',
    }));
  },
};

/**
 * The path of the bundle of `entry`, built first when missing, in one of two shapes:
 * - `esm`: `<name>-<key>/main.mjs` and its chunks (code-split, so dynamic imports stay lazy);
 * - `cjs`: one file, `<name>-<key>/main.cjs`. Node's ES module loader resolves, reads and links each chunk in turn,
 *   and a command reaches 30–40 of them: that cost ~50 ms of CPU per process, about a tenth of a 2M-row
 *   simulation. In one CommonJS file a module's code, and the packages it requires, still load only when a dynamic
 *   import first reaches it, and loading is a single read. Its entry may not use top-level await.
 * Safe with concurrent processes: each builds into its own folder, the first rename wins, and older bundles (never
 * this one) are removed. Throws when esbuild is missing or the sources do not compile.
 */
export async function cachedBundle(root, name, entry, format = 'esm') {
  const cacheDir = join(root, 'node_modules', '.cache', 'hsim');
  const own = `${name}-${sourceKey(root)}`;
  const dir = join(cacheDir, own);
  const file = join(dir, format === 'cjs' ? 'main.cjs' : 'main.mjs');
  if (existsSync(file)) return file;
  // Required, not imported: this module also runs inside the CommonJS bundle (see runBundle).
  const { build } = createRequire(import.meta.url)('esbuild');
  mkdirSync(cacheDir, { recursive: true });
  // A random name: nothing can be planted at it in advance for esbuild to write through.
  const tmp = `${dir}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`;
  await build({
    entryPoints: { main: entry },
    bundle: true,
    splitting: format === 'esm',
    platform: 'node',
    format,
    target: 'node20',
    packages: 'external',
    outdir: tmp,
    outExtension: { '.js': format === 'cjs' ? '.cjs' : '.mjs' },
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

/**
 * Runs the CommonJS bundle `file` in this process as `require` would, with V8's code cache of it kept beside it, one
 * per `key` (the command: each caches the functions it ran). Without a cache V8 parses the whole bundle (~0.7 MB,
 * ~15 ms) and compiles every function it runs; with one it reads them back. A missing or rejected cache (other V8
 * flags or version) is written when the process exits (atomically; a failure to write is ignored). The cache holds
 * compiled code only: results are the same with or without it.
 */
export function runBundle(file, key) {
  const require = createRequire(file);
  const source = readFileSync(file, 'utf8');
  // A vm script's dynamic import() needs an experimental Node option: a bundle that has one is simply required.
  if (source.includes('import(')) {
    require(file);
    return;
  }
  const cacheFile = `${file}.${key.replace(/[^A-Za-z0-9-]/g, '_')}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  if (process.env.HSIM_DEBUG) process.stderr.write(`code cache ${cacheFile}: ${cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used'}\n`);
  if (cachedData === undefined || script.cachedDataRejected === true) {
    process.once('exit', () => {
      const tmp = `${cacheFile}.${process.pid}.${randomBytes(8).toString('hex')}.tmp`;
      try {
        // Exclusive: never writes through an entry (a symlink) already at the name.
        writeFileSync(tmp, script.createCachedData(), { flag: 'wx' });
        renameSync(tmp, cacheFile);
      } catch {
        rmSync(tmp, { force: true });
      }
    });
  }
  const module = new Module(file, null);
  module.filename = file;
  module.paths = Module._nodeModulePaths(dirname(file));
  module.loaded = true;
  script.runInThisContext()(module.exports, require, module, file, dirname(file));
}
