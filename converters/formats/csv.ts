// Any CSV with a header, every column named by an option (times in ms unless told): one format of `hsim convert`.
import type { ConverterFormat } from '../converter-format.ts';
import { tableFormat, type TableDefaults } from '../table-flags.ts';

const DEFAULTS: TableDefaults = { exactHeader: null, unit: 'ms', end: null, endMinus: null, duration: null, key: [], keyJoin: '/', size: null };

/** `hsim convert csv`: a generic header-led CSV; --duration, --key and --arrival (or --end) are required. */
export const csv: ConverterFormat = tableFormat('csv', 'any CSV with a header line; name the columns with --arrival/--end, --duration, --key', DEFAULTS);
