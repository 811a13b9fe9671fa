// The file side of gates: reading a gate file and its lock, freezing, and checking results (used by `hsim gate`).
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import { writeFileAtomic } from '../src/io/atomic-io.ts';
import { parseJsonText } from '../src/json/json-syntax.ts';
import { checkSchema, schemaIssues } from '../src/json/json-schema-io.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { evaluateGate } from './gate-evaluation.ts';
import { parseGateFile, type GateFile } from './gate-file.ts';
import { buildGateLock, changedPaths, lockPathFor, parseGateLock, sha256Hex, type GateLock, type LockedExperiment } from './gate-lock.ts';
import type { GateReport } from './gate-report.ts';
import { readResultSources } from '../src/result/result-file-io.ts';
import { provePreRegistration, type PreRegistration } from './gate-git-io.ts';
import { integrityProblem } from '../src/io/result-integrity-io.ts';
import { experimentDepartures } from './experiment-binding.ts';
import { parseExperiment } from '../src/config/experiment-file.ts';
import { mergeResults } from './result-set.ts';
import { NotRegularFileError, readRegularFileSync } from '../src/io/regular-file-io.ts';

/** A gate file as read from disk: its bytes' hash, parsed JSON and validated gate. */
export interface LoadedGate {
  readonly path: string;
  readonly sha256: string;
  readonly json: unknown;
  readonly gate: GateFile;
}

/** Reads and validates a gate file. Throws InputError (every issue) when it is missing, not JSON or invalid. */
export function readGateFile(path: string): LoadedGate {
  let text: string;
  try {
    text = readRegularFileSync(path).toString('utf8');
  } catch (err) {
    if (err instanceof NotRegularFileError) throw new InputError(msg.notRegularFile(path, err.kind, 'a gate file (JSON)'));
    throw new InputError(msg.fileUnreadable(path, 'a gate file (JSON)'));
  }
  const json = parseJsonAt(path, text, 'a gate file (JSON)');
  const parsed = parseGateFile(json, path);
  if (!parsed.ok) throw new InputError(msg.problemsInGate(path, parsed.issues), parsed.issues);
  checkSchema('gate', json, path); // after the parser: see checkSchema
  return { path, sha256: sha256Hex(text), json, gate: parsed.value };
}

/**
 * Freezes a gate: validates it and writes `<name>.lock.json` beside it atomically; an existing lock of the same
 * bytes is kept (`existing`). `armProblem` judges each arm a criterion names against the arm registry (the caller
 * owns it: analysis does not know the simulator), returning what is wrong or null. Throws InputError for an invalid
 * gate file (every unknown arm named with its JSON path) or an existing lock of other bytes.
 */
export function freezeGate(
  path: string,
  provenance: { toolVersion: string; gitCommit: string; frozenAt: string },
  armProblem: (arm: string) => string | null = () => null,
): { lockPath: string; lock: GateLock; existing: boolean } {
  const loaded = readGateFile(path);
  const armIssues: string[] = [];
  for (const [name, c] of Object.entries(loaded.gate.criteria)) {
    for (const role of ['arm', 'baseline'] as const) {
      const why = armProblem(c[role]);
      if (why !== null) armIssues.push(msg.gateArmNotRunnable(path, name, role, c[role], why));
    }
  }
  if (armIssues.length > 0) throw new InputError(msg.problemsInGate(path, armIssues), armIssues);
  const experiment = loaded.gate.experiment === undefined ? undefined : readGateExperiment(path, loaded.gate.experiment);
  const lock = buildGateLock(basename(path), readFileSync(path), loaded.json, provenance, experiment);
  const lockPath = lockPathFor(path);
  if (existsSync(lockPath)) {
    // Re-freezing an edited gate would launder the edit: the old lock must be removed deliberately.
    const prior = parseGateLock(parseJsonOrNull(readFileSync(lockPath, 'utf8')), lockPath);
    if (prior.ok && prior.value.gate_sha256 === lock.gate_sha256) return { lockPath, lock: prior.value, existing: true };
    throw new InputError(msg.lockMismatch(lockPath, path, lock.gate_sha256));
  }
  writeFileAtomic(lockPath, stableStringify(lock));
  return { lockPath, lock, existing: false };
}

/** The experiment config a gate names (relative to the gate file), read and parsed. Throws InputError. */
function readGateExperiment(gatePath: string, file: string): LockedExperiment {
  const abs = resolve(dirname(gatePath), file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch {
    throw new InputError(msg.gateExperimentUnreadable(gatePath, file, abs));
  }
  const content = parseJsonAt(abs, bytes.toString('utf8'), `the experiment config named by ${gatePath}`);
  // Freezing pre-registers the experiment: one that `hsim run` would refuse must be fixed before, not after, the lock.
  // Its problems are named at the path the gate gives (relative to the gate file), after the parser's, the schema's.
  const shown = join(dirname(gatePath), file);
  const parsed = parseExperiment(content, shown);
  const issues = parsed.ok ? schemaIssues('experiment', content, shown) : parsed.issues;
  if (issues.length > 0) throw new InputError(msg.gateExperimentInvalid(gatePath, file, issues.length), issues);
  return { file, bytes, content };
}

/**
 * Why a frozen gate's experiment config can no longer be judged under its lock: the file is gone, or its bytes
 * changed (naming the JSON paths that differ); null when the lock records no config or the file is unchanged.
 */
function lockedExperimentProblem(gatePath: string, lock: GateLock): string | null {
  if (lock.experiment_file === undefined || lock.experiment_sha256 === undefined) return null;
  const abs = resolve(dirname(gatePath), lock.experiment_file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch {
    return msg.lockedExperimentMissing(abs, gatePath, lock.experiment_sha256);
  }
  const sha = sha256Hex(bytes);
  if (sha === lock.experiment_sha256) return null;
  return msg.lockedExperimentChanged(abs, gatePath, lock.experiment_sha256, sha, changesText(lock.experiment, parseJsonOrNull(bytes.toString('utf8'))));
}

/** The JSON paths that differ between what was frozen and what is there now, for a refusal message. */
function changesText(frozen: unknown, now: unknown): string {
  const changes = changedPaths(frozen, now);
  return changes.length === 0 ? 'only the bytes (formatting) changed' : changes.join('; ');
}

/** Parses the JSON text of `path`. Throws InputError naming the file, the parser's complaint and what was `expected`. */
function parseJsonAt(path: string, text: string, expected: string): unknown {
  return parseJsonText(text, path, expected);
}

function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The lock a gate was frozen under, checked against the gate as it is now (with the SHA-256 of the lock's bytes),
 * or null when it has none. Throws InputError for an unreadable or invalid lock, a gate changed since freezing
 * (naming what changed), or a locked experiment config that changed or went missing. `hsim gate check` and the
 * report's gate panel both judge gates through this.
 */
export function verifiedGateLock(loaded: LoadedGate): { readonly lock: GateLock; readonly sha256: string } | null {
  const gatePath = loaded.path;
  const lockPath = lockPathFor(gatePath);
  if (!existsSync(lockPath)) return null;
  let lockText: string;
  try {
    lockText = readRegularFileSync(lockPath).toString('utf8');
  } catch (err) {
    if (err instanceof NotRegularFileError) throw new InputError(msg.notRegularFile(lockPath, err.kind, 'a gate lock written by hsim gate freeze'));
    throw err;
  }
  const lock = parseGateLock(parseJsonAt(lockPath, lockText, 'a gate lock written by hsim gate freeze'), lockPath);
  if (!lock.ok) throw new InputError(lock.issues[0]!, lock.issues);
  // A gate that names its experiment is judged only under a lock that binds that experiment's bytes.
  if (loaded.gate.experiment !== undefined && lock.value.experiment_file !== loaded.gate.experiment) {
    throw new InputError(msg.lockExperimentMismatch(lockPath, lock.value.experiment_file, gatePath, loaded.gate.experiment));
  }
  if (lock.value.gate_sha256 !== loaded.sha256) {
    throw new InputError(msg.gateChangedSinceFrozen(gatePath, lockPath, lock.value.gate_sha256, loaded.sha256, changesText(lock.value.gate, loaded.json)));
  }
  const experimentProblem = lockedExperimentProblem(gatePath, lock.value);
  if (experimentProblem !== null) throw new InputError(experimentProblem);
  return { lock: lock.value, sha256: sha256Hex(lockText) };
}

/**
 * A pre-registration proof that also requires every result file to carry its intact `.sha256` (results edited by
 * hand, or with no hash, are not proven whatever git says); the reasons name each file.
 */
function withIntegrity(proof: PreRegistration, files: readonly string[]): PreRegistration {
  const problems = files.map(integrityProblem).filter((p): p is string => p !== null);
  if (problems.length === 0) return proof;
  // An edit is the graver finding, so it is named first.
  problems.sort((a, b) => Number(!a.startsWith('results edited')) - Number(!b.startsWith('results edited')));
  const integrity = problems.join('; ');
  return { ...proof, proven: false, reason: proof.proven ? integrity : `${proof.reason}; also ${integrity}` };
}

/**
 * Checks `resultsPath` (a result file or directory) against the gate at `gatePath`. Refuses (InputError) a gate
 * whose hash no longer matches its lock (naming what changed), a gate whose locked experiment config changed or
 * is missing (lockedExperimentProblem), an unfrozen gate unless `unfrozen`, results of
 * another trace than the gate's `trace_sha256`, invalid replays and everything evaluateGate refuses.
 */
export function checkGate(gatePath: string, resultsPath: string, options: { unfrozen: boolean }): GateReport {
  const loaded = readGateFile(gatePath);
  const verified = verifiedGateLock(loaded);
  if (verified === null && !options.unfrozen) {
    throw new InputError(msg.gateNotFrozen(gatePath, lockPathFor(gatePath)));
  }
  const lockSha = verified?.sha256 ?? null;
  const sources = readResultSources(resultsPath);
  const issues: string[] = [];
  if (loaded.gate.traceSha256 !== undefined) {
    for (const s of sources) {
      if (s.result.traceSha256 !== loaded.gate.traceSha256) {
        issues.push(msg.resultOfOtherTrace(s.file, s.result.traceSha256, loaded.gate.traceSha256, gatePath));
      }
    }
  }
  const lockedExperiment = verified?.lock.experiment;
  if (verified !== null && lockedExperiment !== undefined) {
    // Results judged under a lock that binds an experiment must come from that experiment (no other settings).
    const spec = parseExperiment(lockedExperiment, verified.lock.experiment_file ?? 'experiment');
    if (spec.ok) {
      for (const s of sources) issues.push(...experimentDepartures(JSON.parse(readFileSync(s.file, 'utf8')) as unknown, s.file, spec.value, verified.lock.experiment_file ?? ''));
    }
  }
  const merged = mergeResults(sources);
  issues.push(...merged.issues);
  if (issues.length > 0) throw new InputError(msg.problemsInResults(issues), issues);
  const loads = evaluateGate(loaded.gate, gatePath, merged.set);
  const proof = lockSha === null ? null : withIntegrity(provePreRegistration(gatePath, lockPathFor(gatePath), sources.map((s) => s.result.experimentCommit ?? s.result.commit)), sources.map((s) => s.file));
  return {
    gate: loaded.gate.id,
    gate_file: gatePath,
    gate_sha256: loaded.sha256,
    frozen: lockSha !== null,
    pre_registered: proof?.proven ?? false,
    pre_registration: proof ?? { proven: false, reason: 'evaluated unfrozen (--unfrozen): freeze and commit the gate before the run', freeze_commit: null, results_commits: [] },
    lock_sha256: lockSha,
    results: sources.map((s) => s.file),
    trace_sha256: merged.set.traceSha256,
    passed: Object.values(loads).every((l) => l.passed),
    loads,
  };
}
