// rawTraceHint: raw SWF, Azure 2021 and Huawei 2025 files are told apart from a common-format trace by name and header.
import { describe, expect, it } from 'vitest';
import { rawTraceHint } from './raw-trace-hint.ts';

describe('rawTraceHint', () => {
  it('names the convert command of each raw format', () => {
    expect(rawTraceHint('raw/LPC-EGEE-2004-1.2-cln.swf.gz', '; Version: 2.2')).toBe(
      'it looks like a raw SWF log: convert it first with `hsim convert swf raw/LPC-EGEE-2004-1.2-cln.swf.gz --preset lpc-egee -o LPC-EGEE-2004-1.2-cln.csv`, then simulate LPC-EGEE-2004-1.2-cln.csv',
    );
    // The first line of /work/shared/traces-raw/azure-functions-2021/Azure2021_200.csv.
    expect(rawTraceHint('Azure2021_200.csv', 'app,func,end_timestamp,duration')).toMatch(/`hsim convert azure2021 Azure2021_200\.csv -o Azure2021_200\.csv`/);
    expect(rawTraceHint('h.csv', 'userID,funcName,time_frontend,totalCost_frontend,totalCost_worker,requestBodySize')).toMatch(/hsim convert huawei2025 h\.csv/);
    expect(rawTraceHint('log.txt', ';Computer: x')).toMatch(/raw SWF log/);
  });
  it('says nothing for a common-format trace or an unknown file', () => {
    expect(rawTraceHint('t.csv.gz', 'arrival_ms,duration_ms,key')).toBeNull();
    expect(rawTraceHint('x.csv', 'a,b,c')).toBeNull();
  });
});
