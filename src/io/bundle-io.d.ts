// Types of src/io/bundle-io.js for the TypeScript modules that use it.

/** A key over every source file's path, size and modification time, and package.json. */
export function sourceKey(root: string): string;

/**
 * The path of the cached bundle of `entry` (built first when the sources changed): code-split ES modules, or one
 * CommonJS file. Throws when bundling fails.
 */
export function cachedBundle(root: string, name: string, entry: string, format?: 'esm' | 'cjs'): Promise<string>;

/** Runs the CommonJS bundle `file` as `require` would, with a V8 code cache beside it per `key`. */
export function runBundle(file: string, key: string): void;
