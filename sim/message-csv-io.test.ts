// The --messages writer: plain and gzip files hold the same lines, nothing is left behind on abort or failure.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineBuffers } from './engine-buffers.ts';
import { MessageLog, type MessageCell } from './message-log.ts';
import { InputError } from '../src/errors.ts';
import { MessageCsvFile } from './message-csv-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'hsim-messages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cell(arm: string, key = 'k'): MessageCell {
  const log = new MessageLog(new EngineBuffers(), 1);
  log.arrived(0, 0, 0);
  log.started(0, 0);
  return {
    arm, load: 'as-is', first: 0, keyId: Int32Array.from([0]), keys: [key], classId: null, classes: null, tier: Uint8Array.from([0]),
    arrival: Float64Array.from([0]), start: Float64Array.from([1]), end: Float64Array.from([3]), outcome: Int8Array.from([-1]), outcomeNames: null, log,
  };
}

const header = 'arm,load,row,key,class,tier,arrival_ms,start_ms,end_ms,wait_ms,level_placed,level_served,promotions,outcome,estimate_ms\n';

describe('MessageCsvFile', () => {
  it('writes the header and each cell in order; .csv.gz holds the same bytes compressed', () => {
    for (const name of ['m.csv', 'm.csv.gz']) {
      const f = new MessageCsvFile(join(dir, name));
      f.cell(cell('fifo'));
      f.cell(cell('oracle'));
      expect(existsSync(join(dir, name))).toBe(false); // only the temporary file until commit
      f.commit();
      const raw = readFileSync(join(dir, name));
      const text = (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
      expect(text).toBe(`${header}fifo,as-is,0,k,,0,0,1,3,1,0,0,0,,\noracle,as-is,0,k,,0,0,1,3,1,0,0,0,,\n`);
    }
  });

  it('a key a spreadsheet would run as a formula is written behind a quote (CSV injection)', () => {
    const f = new MessageCsvFile(join(dir, 'formula.csv'));
    f.cell(cell('fifo', '=HYPERLINK("http://evil","x")'));
    f.cell(cell('fifo', '@SUM(1)'));
    f.commit();
    const lines = readFileSync(join(dir, 'formula.csv'), 'utf8').split('\n');
    expect(lines[1]).toBe(`fifo,as-is,0,"'=HYPERLINK(""http://evil"",""x"")",,0,0,1,3,1,0,0,0,,`);
    expect(lines[2]).toBe("fifo,as-is,0,'@SUM(1),,0,0,1,3,1,0,0,0,,");
  });

  it('abort leaves nothing behind; a missing folder is an InputError naming the file', () => {
    const f = new MessageCsvFile(join(dir, 'gone.csv'));
    f.cell(cell('fifo'));
    f.abort();
    expect(readdirSync(dir).filter((n) => n.includes('gone'))).toEqual([]);
    expect(() => new MessageCsvFile(join(dir, 'no', 'such', 'm.csv'))).toThrow(InputError);
    expect(() => new MessageCsvFile(join(dir, 'no', 'such', 'm.csv'))).toThrow(/m\.csv/);
  });
});
