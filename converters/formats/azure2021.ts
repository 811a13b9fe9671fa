// Azure Functions 2021 invocation trace (app,func,end_timestamp,duration in seconds): one format of `hsim convert`.
import type { ConverterFormat } from '../converter-format.ts';
import { tableFormat, type TableDefaults } from '../table-flags.ts';

const DEFAULTS: TableDefaults = {
  exactHeader: ['app', 'func', 'end_timestamp', 'duration'],
  unit: 's',
  end: 'end_timestamp',
  endMinus: null,
  duration: 'duration',
  key: ['app', 'func'],
  keyJoin: '/',
  size: null,
};

/** `hsim convert azure2021`: arrival = end_timestamp − duration, key app/func (SPEC §4). */
export const azure2021: ConverterFormat = tableFormat('azure2021', 'Azure Functions 2021 invocations (exact header app,func,end_timestamp,duration; seconds)', DEFAULTS);
