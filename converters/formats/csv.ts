// Any CSV with a header, every column named by an option (times in ms unless told): one format of `hsim convert`.
import type { ConverterFormat } from '../converter-format.ts';
import { resolveTableSpec, TABLE_FLAGS, tableDefaultsText, type TableDefaults } from '../table-flags.ts';

const DEFAULTS: TableDefaults = { exactHeader: null, unit: 'ms', end: null, endMinus: null, duration: null, key: [], keyJoin: '/', size: null };

/** `hsim convert csv`: a generic header-led CSV; --duration, --key and --arrival (or --end) are required. */
export const csv: ConverterFormat = {
  name: 'csv',
  description: 'any CSV with a header line; name the columns with --arrival/--end, --duration, --key',
  flags: TABLE_FLAGS,
  defaults: tableDefaultsText(DEFAULTS),
  resolve: (flags, issues) => resolveTableSpec('csv', flags, DEFAULTS, issues),
};
