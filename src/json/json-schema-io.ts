// The JSON Schemas of docs/schemas/ (experiment, sweep, gate and result files): read at run time, compiled once, checked.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { atPath, InputError } from '../errors.ts';
import { writeFileAtomic } from '../io/atomic-io.ts';
import { describe } from './json-value.ts';

/** The files that have a schema in docs/schemas/. */
export type SchemaName = 'experiment' | 'sweep' | 'gate' | 'result';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const requireHere = createRequire(import.meta.url);
const compiled = new Map<SchemaName, ValidateFunction>();

/**
 * ajv's options. allErrors: every issue of a file at once, as the parsers report them. verbose: each error carries
 * its schema (the messages quote a branch's description). strictSchema: an unknown keyword (a typo in a schema) fails
 * at compilation. strictRequired and strictTypes stay off: `if: {required: [...]}` and type-less branches are plain
 * draft 2020-12 that editors read as meant. code.source: the compiled code can be saved (see `validator`).
 */
const AJV_OPTIONS = { allErrors: true, verbose: true, strictSchema: true, strictNumbers: true, strictTuples: true, strictRequired: false, strictTypes: false, code: { source: true } } as const;

/** The folder of the saved validators: beside hsim's bundles, in the checkout's node_modules. */
export function defaultValidatorCache(): string {
  return join(repoRoot, 'node_modules', '.cache', 'hsim', 'schemas');
}

/** The schema's path as the docs and messages name it: `docs/schemas/<name>.schema.json`. */
export function schemaDocPath(name: SchemaName): string {
  return `docs/schemas/${name}.schema.json`;
}

/** The absolute path of the schema file hsim reads (in the checkout it runs from). */
export function schemaFile(name: SchemaName): string {
  return join(repoRoot, schemaDocPath(name));
}

/** The validator of a schema, got on first use (`loadValidator`, with the saved validators) and kept for the process. */
function validator(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (validate === undefined) {
    validate = loadValidator(name, defaultValidatorCache());
    compiled.set(name, validate);
  }
  return validate;
}

/**
 * The validator of a schema. Compiling a schema with ajv costs 25–90 ms (and loading ajv itself more); so the
 * compiled code is saved as a CommonJS module (ajv's standalone code) under `cacheDir` (null: compile, save nothing),
 * named by a hash of the schema's bytes, ajv's version and its options, and later processes load that in 3–6 ms.
 * A saved module is only ever the output of this function for the same three inputs; one that does not load is
 * compiled again, and a cache that cannot be written (a read-only install) costs only the compilation. Throws a plain
 * Error (exit 3: the installation is broken, not the input) when the schema file is missing or invalid.
 */
export function loadValidator(name: SchemaName, cacheDir: string | null): ValidateFunction {
  const file = schemaFile(name);
  const broken = (err: unknown): Error => new Error(`cannot read the JSON Schema ${file} (${(err as Error).message}): the checkout is incomplete`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw broken(err);
  }
  const ajvVersion = (requireHere('ajv/package.json') as { version: string }).version;
  const key = createHash('sha256').update(`${text}\0${ajvVersion}\0${JSON.stringify(AJV_OPTIONS)}`).digest('hex').slice(0, 20);
  const saved = cacheDir === null ? null : join(cacheDir, `${name}-${key}.cjs`);
  if (saved !== null) {
    try {
      return loadSaved(saved);
    } catch {
      // not saved yet, or damaged: compiled below
    }
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (err) {
    throw broken(err);
  }
  // Loaded only here: a process that finds the saved validators never loads ajv's compiler.
  const { Ajv2020 } = requireHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const ajv = new Ajv2020(AJV_OPTIONS);
  const validate = ajv.compile(schema as object);
  if (saved !== null) {
    const standaloneCode = (requireHere('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default;
    try {
      writeFileAtomic(saved, standaloneCode(ajv, validate));
    } catch {
      // a cache that cannot be written is skipped
    }
  }
  return validate;
}

/**
 * Runs a saved validator module as Node runs a CommonJS file, with this module's `require`, so the ajv runtime
 * helpers it needs resolve from hsim's node_modules wherever the cache folder is.
 */
function loadSaved(path: string): ValidateFunction {
  const code = readFileSync(path, 'utf8');
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, { filename: path }) as (e: object, r: NodeJS.Require, m: { exports: unknown }) => void;
  const module = { exports: {} as unknown };
  wrapper(module.exports as object, requireHere, module);
  if (typeof module.exports !== 'function') throw new Error(`${path}: not a validator module`);
  return module.exports as ValidateFunction;
}

/**
 * Every way `value` departs from schema `name`, one message per issue in the parsers' form
 * (`file → traces[0].sha256: 12; expected a string (docs/schemas/experiment.schema.json)`); [] when it conforms.
 */
export function schemaIssues(name: SchemaName, value: unknown, file: string): string[] {
  const validate = validator(name);
  if (validate(value)) return [];
  return issueTexts(validate.errors ?? [], file, schemaDocPath(name));
}

/**
 * Throws InputError (exit 2) listing every departure of `value` from schema `name`; returns when it conforms.
 * Loaders call it after the hand-written parser has accepted the file, never before: the parser's messages are the
 * specific ones (what was found, what was expected, a hint) that users and tests rely on, and it does the checks a
 * schema cannot (distinct trace names, arms hsim can run, gate names that are criteria). Running the schema over
 * what the parser accepted means the two can never silently disagree: a file the schema refuses is refused even
 * when the parser let it through, and json-schema-io.test.ts keeps the two in step on every committed file.
 */
export function checkSchema(name: SchemaName, value: unknown, file: string): void {
  const issues = schemaIssues(name, value, file);
  if (issues.length === 0) return;
  const head = issues.length === 1 ? issues[0]! : `${file}: ${issues.length} departures from ${schemaDocPath(name)}`;
  throw new InputError(head, issues);
}

/** Turns ajv's errors into messages: branch errors of an anyOf/oneOf fold into one, `if` echoes are dropped. */
function issueTexts(errors: readonly ErrorObject[], file: string, doc: string): string[] {
  const alternatives = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.schemaPath);
  const inBranch = (e: ErrorObject): boolean => alternatives.some((p) => e.schemaPath.startsWith(`${p}/`));
  const out: string[] = [];
  for (const e of errors) {
    // `if` repeats its branch's error; an error inside propertyNames repeats the propertyNames error.
    if (e.keyword === 'if' || e.propertyName !== undefined || inBranch(e)) continue;
    const { path, found, expected } = explain(e);
    const text = atPath(file, path, found, `${expected} (${doc})`);
    if (!out.includes(text)) out.push(text);
  }
  return out;
}

/** The path, what was found and what was expected for one ajv error. */
function explain(e: ErrorObject): { path: string; found: string; expected: string } {
  const path = pointerToPath(e.instancePath);
  const params = e.params as Record<string, unknown>;
  const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
  const describedAs = typeof parent['description'] === 'string' ? parent['description'] : undefined;
  switch (e.keyword) {
    case 'required':
      return { path: joinPath(path, String(params['missingProperty'])), found: 'nothing', expected: 'a value (the field is required)' };
    case 'additionalProperties': {
      const field = String(params['additionalProperty']);
      const known = Object.keys((parent['properties'] ?? {}) as object);
      return { path: joinPath(path, field), found: `an unknown field "${field}"`, expected: known.length > 0 ? `only ${known.join(', ')}` : 'no other field' };
    }
    case 'propertyNames':
      return { path: joinPath(path, String(params['propertyName'])), found: `the name "${String(params['propertyName'])}"`, expected: 'a known parameter name' };
    case 'type':
      return { path, found: describe(e.data), expected: typeText(params['type']) };
    case 'enum':
      return { path, found: describe(e.data), expected: `one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` };
    case 'const':
      return { path, found: describe(e.data), expected: JSON.stringify(params['allowedValue']) };
    case 'anyOf':
    case 'oneOf':
    case 'not':
      return { path, found: describe(e.data), expected: describedAs ?? 'another form (see the schema)' };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, found: describe(e.data), expected: `a number ${COMPARISON[String(params['comparison'])] ?? String(params['comparison'])} ${String(params['limit'])}` };
    case 'pattern':
      return { path, found: describe(e.data), expected: describedAs ?? `a string matching ${String(params['pattern'])}` };
    case 'minLength':
      return { path, found: describe(e.data), expected: 'a non-empty string' };
    case 'minItems':
      return { path, found: describe(e.data), expected: `at least ${String(params['limit'])} item(s)` };
    case 'minProperties':
      return { path, found: describe(e.data), expected: `at least ${String(params['limit'])} field(s)` };
    case 'uniqueItems':
      return { path, found: `items ${String(params['j'])} and ${String(params['i'])} equal`, expected: 'each item once' };
    default:
      return { path, found: describe(e.data), expected: `a value that ${e.message ?? 'matches the schema'}` };
  }
}

const COMPARISON: Record<string, string> = { '>=': '≥', '<=': '≤', '>': '>', '<': '<' };

function typeText(type: unknown): string {
  const names: Record<string, string> = { number: 'a number', integer: 'an integer', string: 'a string', array: 'an array', object: 'an object', boolean: 'true or false', null: 'null' };
  const list = String(type).split(',');
  return list.map((t) => names[t] ?? t).join(' or ');
}

/** `/traces/0/sha256` → `traces[0].sha256`, the path form of the parsers' messages ('' for the root). */
export function pointerToPath(pointer: string): string {
  if (pointer === '') return '';
  let out = '';
  for (const raw of pointer.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

function joinPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}
