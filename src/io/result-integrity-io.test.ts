// Result integrity sidecars: written beside a result, and a one-byte edit or a missing sidecar detected.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hashSidecarPath, integrityProblem, resultIntegrity, writeHashedResult } from './result-integrity-io.ts';

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'hsim-integrity-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('writeHashedResult and resultIntegrity', () => {
  it('writes the file and a sha256sum line beside it; the untouched file is intact', () => {
    const f = join(tmp(), 'r.json');
    writeHashedResult(f, '{"a":1}\n');
    // sha256 of the 8 bytes `{"a":1}\n`, computed independently here.
    const sha = createHash('sha256').update('{"a":1}\n').digest('hex');
    expect(readFileSync(hashSidecarPath(f), 'utf8')).toBe(`${sha}  r.json\n`);
    expect(resultIntegrity(f)).toEqual({ state: 'intact' });
    expect(integrityProblem(f)).toBeNull();
  });

  it('detects a one-byte edit, names the file and both hashes', () => {
    const f = join(tmp(), 'r.json');
    writeHashedResult(f, '{"mean":100}\n');
    writeFileSync(f, '{"mean":900}\n');
    const i = resultIntegrity(f);
    expect(i.state).toBe('edited');
    expect(integrityProblem(f)).toBe(`results edited (hash mismatch): ${f} has sha256 ${createHash('sha256').update('{"mean":900}\n').digest('hex')}, but r.json.sha256 records ${createHash('sha256').update('{"mean":100}\n').digest('hex')} as written by hsim`);
    writeFileSync(hashSidecarPath(f), 'garbage\n');
    expect(resultIntegrity(f)).toMatchObject({ state: 'edited', recorded: 'an unreadable hash line' });
  });

  it('reports a file without a sidecar as unverified, and an unhashed rewrite removes the old sidecar', () => {
    const f = join(tmp(), 'r.json');
    writeHashedResult(f, 'x');
    writeHashedResult(f, 'y', false);
    expect(existsSync(hashSidecarPath(f))).toBe(false);
    expect(resultIntegrity(f)).toEqual({ state: 'unhashed' });
    expect(integrityProblem(f)).toMatch(/^unverified \(no hash\): .*r\.json has no r\.json\.sha256 beside it/);
  });
});
