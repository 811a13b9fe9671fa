#!/usr/bin/env node
// Runs a TypeScript entry file of this repository (benchmarks, scripts) with the same loader as hsim.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { setHsimFlags } from './v8-flags.js';

setHsimFlags();

register();
const [file, ...rest] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: run-ts.js FILE.ts [args…]\n');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(file), ...rest];
await import(pathToFileURL(resolve(file)).href);
