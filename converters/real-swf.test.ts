// The 14 real PWA SWF logs: every job line accounted; the LPC-EGEE preset checked against an independent count.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { hasShared, sharedFile } from '../src/io/shared-io.ts';
import { readTrace } from '../traces/trace-io.ts';
import { convertFile } from './convert-file.ts';
import { resolveConverterSpec } from './convert-options.ts';

// Job lines per file, from shared/traces-raw/PROVENANCE.md ("Rows: N job lines (+M `;` header lines)"), 1,668,365 in total.
const JOB_LINES: Record<string, number> = {
  'CEA-Curie-2011-2.1-cln.swf.gz': 312826,
  'CTC-SP2-1996-3.1-cln.swf.gz': 77222,
  'HPC2N-2002-2.2-cln.swf.gz': 202871,
  'KTH-SP2-1996-2.1-cln.swf.gz': 28476,
  'LANL-CM5-1994-4.1-cln.swf.gz': 122060,
  'LLNL-Atlas-2006-2.1-cln.swf.gz': 43778,
  'LLNL-Thunder-2007-1.1-cln.swf.gz': 121039,
  'LPC-EGEE-2004-1.2-cln.swf.gz': 234889,
  'OSC-Clust-2000-3.1-cln.swf.gz': 36097,
  'SDSC-BLUE-2000-4.2-cln.swf.gz': 243306,
  'SDSC-DS-2004-2.1-cln.swf.gz': 96069,
  'SDSC-Par-1996-3.1-cln.swf.gz': 32135,
  'SDSC-SP2-1998-4.2-cln.swf.gz': 59715,
  'Sandia-Ross-2001-1.1-cln.swf.gz': 57882,
};

const dir = mkdtempSync(join(tmpdir(), 'hsim-swf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasShared())('real SWF logs (shared/traces-raw/pwa-swf)', () => {
  it('the job-line table adds up to the total PROVENANCE.md states', () => {
    expect(Object.values(JOB_LINES).reduce((a, b) => a + b, 0)).toBe(1668365);
  });

  it.each(Object.keys(JOB_LINES))('%s: read = job lines, read = kept + rejected', async (name) => {
    const input = sharedFile('traces-raw', 'pwa-swf', name);
    expect(input, `missing ${name}`).not.toBeNull();
    const r = await convertFile({ input: input!, output: null, spec: resolveConverterSpec('swf', { preset: 'swf' }), strict: false });
    expect(r.rows.read).toBe(JOB_LINES[name]);
    const byReason = Object.values(r.rows.rejected_by_reason).reduce((a, b) => a + b, 0);
    expect(r.rows.kept + r.rows.rejected).toBe(r.rows.read);
    expect(byReason).toBe(r.rows.rejected);
    // Every line of the cleaned logs has 18 numeric fields (PROVENANCE.md: "fields per line: [18]").
    expect(r.rows.rejected_by_reason.field_count ?? 0).toBe(0);
    expect(r.rows.rejected_by_reason.not_numeric ?? 0).toBe(0);
  });

  it('LPC-EGEE preset keeps exactly the single-processor jobs with run time > 0, sorted, re-readable', async () => {
    const input = sharedFile('traces-raw', 'pwa-swf', 'LPC-EGEE-2004-1.2-cln.swf.gz')!;
    // Independent count: a plain split of every non-comment line, like awk '$5 == 1 && $4 > 0'.
    let expected = 0;
    const keys = new Set<string>();
    for (const line of gunzipSync(readFileSync(input)).toString('latin1').split('\n')) {
      if (line.trim() === '' || line.trimStart().startsWith(';')) continue;
      const f = line.trim().split(/\s+/);
      if (f[4] === '1' && Number(f[3]) > 0) {
        expected++;
        keys.add(`${f[11]}/${f[14]}`);
      }
    }
    const out = join(dir, 'lpc-egee.csv.gz');
    const r = await convertFile({ input, output: out, spec: resolveConverterSpec('swf', { preset: 'lpc-egee' }), strict: false });
    expect(r.rows.kept).toBe(expected);
    expect(r.rows.read).toBe(JOB_LINES['LPC-EGEE-2004-1.2-cln.swf.gz']);
    expect(r.meta?.keys).toBe(keys.size);
    expect(r.meta?.header?.UnixStartTime).toBe('1091615532');
    // PROVENANCE.md: SHA-256 of the stored LPC-EGEE .gz.
    expect(r.meta?.source.sha256).toBe('2fc37df5cc14c355fc7a88235f72e54fdf5f0d93de09399d015383ee5c35a59d');
    const back = await readTrace(out, { cache: false });
    expect(back.trace.n).toBe(expected);
    expect(back.sha256).toBe(r.meta?.sha256);
    expect(back.meta?.rows).toEqual(r.rows);
  });
});
