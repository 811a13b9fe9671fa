// Azure Functions 2021 invocation trace (app,func,end_timestamp,duration in seconds): one format of `hsim convert`.
import type { ConverterFormat } from '../converter-format.ts';
import { resolveTableSpec, TABLE_FLAGS, tableDefaultsText, type TableDefaults } from '../table-flags.ts';

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
export const azure2021: ConverterFormat = {
  name: 'azure2021',
  description: 'Azure Functions 2021 invocations (exact header app,func,end_timestamp,duration; seconds)',
  flags: TABLE_FLAGS,
  defaults: tableDefaultsText(DEFAULTS),
  resolve: (flags, issues) => resolveTableSpec('azure2021', flags, DEFAULTS, issues),
};
