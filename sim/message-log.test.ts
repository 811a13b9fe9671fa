// The per-message log and its CSV encoding: every column of a hand-made line, the time format, buffer flushing.
import { describe, expect, it } from 'vitest';
import { EngineBuffers } from './engine-buffers.ts';
import { MESSAGE_COLUMNS, MessageCsvEncoder, MessageLog, quotedNames, type MessageCell } from './message-log.ts';

const quote = (s: string): string => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** Two messages of trace rows 4 and 5 (first 4): hand-made values for every column. */
function cell(): MessageCell {
  const log = new MessageLog(new EngineBuffers(), 2);
  log.arrived(0, 2, 12.5);
  log.started(0, 1);
  log.arrived(1, -1, 0);
  log.promoted(1);
  return {
    arm: 'predictive+weights', load: '0.8', first: 4,
    keyId: Int32Array.from([0, 0, 0, 0, 1, 0]), keys: ['a', 'k,1'],
    classId: Int32Array.from([0, 0, 0, 0, 0, 1]), classes: ['x', 'y'],
    tier: Uint8Array.from([2, 0]),
    arrival: Float64Array.from([1.5, 2]), start: Float64Array.from([3.0004, 2]), end: Float64Array.from([10.1235, 1e6 + 0.25]),
    outcome: Int8Array.from([1, -1]), outcomeNames: ['unready', 'predicted'],
    log,
  };
}

function encode(c: MessageCell, capacity?: number, times = 1): { text: string; flushes: number } {
  const parts: Uint8Array[] = [];
  const enc = new MessageCsvEncoder((b) => parts.push(b.slice()), capacity);
  for (let k = 0; k < times; k++) enc.lines(c, quotedNames(c, quote), 0, c.arrival.length);
  enc.end();
  return { text: new TextDecoder().decode(Buffer.concat(parts)), flushes: parts.length };
}

describe('MessageLog', () => {
  it('counts promotions as placed − served level in a level engine, one per promoted() otherwise', () => {
    const log = new MessageLog(new EngineBuffers(), 2);
    log.arrived(0, 2, 0);
    log.started(0, 0);
    log.arrived(1, -1, 3);
    log.promoted(1);
    log.promoted(1);
    expect(Array.from(log.promotions)).toEqual([2, 2]);
    expect(Array.from(log.served)).toEqual([0, -1]);
  });
});

describe('MessageCsvEncoder', () => {
  it('writes every column of the hand-made lines (times to µs, empty where not applicable, names quoted)', () => {
    expect(MESSAGE_COLUMNS.join(',')).toBe('arm,load,row,key,class,tier,arrival_ms,start_ms,end_ms,wait_ms,level_placed,level_served,promotions,outcome,estimate_ms');
    expect(encode(cell()).text).toBe(
      'predictive+weights,0.8,4,"k,1",x,2,1.5,3,10.124,1.5,2,1,1,predicted,12.5\n' +
        'predictive+weights,0.8,5,a,y,0,2,2,1000000.25,0,,,1,,\n',
    );
  });

  it('flushes before a line that might not fit, so a small buffer gives the same bytes in more pieces', () => {
    // 40 lines of ~70 bytes: one piece from the default 1 MiB buffer, several from the smallest one (1120 bytes).
    const big = encode(cell(), undefined, 20);
    const small = encode(cell(), 1, 20);
    expect(big.flushes).toBe(1);
    expect(small.text).toBe(big.text);
    expect(small.flushes).toBeGreaterThan(big.flushes);
  });

  it('drops only trailing zeros of the 3 decimals and writes every digit of large times', () => {
    const c = cell();
    const times = { ...c, arrival: Float64Array.from([0.005, 0.05]), start: Float64Array.from([0.0504, 123456789.5]), end: Float64Array.from([3e9 + 0.123, 10]) };
    const [l1, l2] = encode(times).text.split('\n'); // line 1's key "k,1" holds a comma: its fields sit one further
    expect(l1!.split(',').slice(7, 11)).toEqual(['0.005', '0.05', '3000000000.123', '0.045']);
    expect(l2!.split(',').slice(6, 10)).toEqual(['0.05', '123456789.5', '10', '123456789.45']);
  });

  it('writes negative, non-finite and huge times in their own forms (never a garbled number)', () => {
    const c = cell();
    const odd = { ...c, arrival: Float64Array.from([0, 0]), start: Float64Array.from([-0.0015, Number.NaN]), end: Float64Array.from([Number.POSITIVE_INFINITY, 2 ** 60]) };
    const [l1, l2] = encode(odd).text.split('\n');
    expect(l1!.split(',').slice(7, 11)).toEqual(['0', '-0.002', 'Infinity', '-0.002']);
    expect(l2!.split(',').slice(6, 10)).toEqual(['0', 'NaN', String(2 ** 60), 'NaN']);
  });
});
