// The column options of header-led CSV formats resolved into table rules, starting from a format's defaults.
import * as msg from './messages.ts';
import { splitList, type ConverterFormat, type ConvertFlags, type ConverterSpec, type FormatFlag } from './converter-format.ts';
import { createTableParser, type ArrivalRule, type TableSpec, type TimeUnit } from './table-converter.ts';

/** The time units a column may be in. */
export const TIME_UNITS: readonly TimeUnit[] = ['s', 'ms', 'us'];

/** What a table format assumes when an option is not given (null: the option is then required). */
export interface TableDefaults {
  /** The header the format requires exactly, or null. */
  exactHeader: string[] | null;
  /** Unit of the arrival and duration columns. */
  unit: TimeUnit;
  end: string | null;
  endMinus: string | null;
  duration: string | null;
  key: string[];
  keyJoin: string;
  size: string | null;
}

/** The column options every table format takes. */
export const TABLE_FLAGS: readonly FormatFlag[] = [
  { spec: '--arrival <col>', help: 'arrival column' },
  { spec: '--arrival-unit <unit>', help: 's | ms | us' },
  { spec: '--end <col>', help: 'completion-time column; arrival = end − duration (or − --end-minus)' },
  { spec: '--end-minus <col>', help: 'column subtracted from --end, in the arrival unit' },
  { spec: '--duration <col>', help: 'duration column' },
  { spec: '--duration-unit <unit>', help: 's | ms | us' },
  { spec: '--key <cols>', help: 'key column(s), comma-separated, joined by --key-join' },
  { spec: '--key-join <sep>', help: 'separator of key parts' },
  { spec: '--class <col>', help: 'class label column' },
  { spec: '--size <col>', help: 'size column in bytes' },
];

/** The defaults as `hsim convert --help` shows them (option → value as typed). */
export function tableDefaultsText(d: TableDefaults): Record<string, string> {
  const out: Record<string, string> = { '--arrival-unit': d.unit, '--duration-unit': d.unit, '--key-join': d.keyJoin };
  if (d.end !== null) out['--end'] = d.end;
  if (d.endMinus !== null) out['--end-minus'] = d.endMinus;
  if (d.duration !== null) out['--duration'] = d.duration;
  if (d.key.length > 0) out['--key'] = d.key.join(',');
  if (d.size !== null) out['--size'] = d.size;
  return out;
}

/** Resolves the column options of table format `format` over its defaults `d`; problems go to `issues`. */
export function resolveTableSpec(format: string, flags: ConvertFlags, d: TableDefaults, issues: string[]): ConverterSpec {
  const unit = (flag: string, v: string | undefined): TimeUnit => {
    if (v === undefined) return d.unit;
    if (!(TIME_UNITS as readonly string[]).includes(v)) issues.push(msg.convertChoice(flag, v, TIME_UNITS));
    return v as TimeUnit;
  };
  const arrivalUnit = unit('--arrival-unit', flags.arrivalUnit);
  const durationUnit = unit('--duration-unit', flags.durationUnit);
  if (flags.arrival !== undefined && (flags.end !== undefined || flags.endMinus !== undefined)) {
    issues.push(msg.convertArrivalAndEnd());
  }
  const duration = flags.duration ?? d.duration;
  if (duration === null) issues.push(msg.convertDurationMissing());
  let arrival: ArrivalRule;
  if (flags.arrival !== undefined) arrival = { column: flags.arrival };
  else {
    const end = flags.end ?? d.end;
    if (end === null) issues.push(msg.convertArrivalMissing());
    const minus = flags.endMinus ?? d.endMinus;
    arrival = minus !== null ? { end: end ?? '', minus, minusUnit: arrivalUnit } : { end: end ?? '', minus: duration ?? '', minusUnit: durationUnit };
  }
  const key = flags.key !== undefined ? splitList(flags.key) : d.key;
  if (key.length === 0) issues.push(msg.convertKeyMissing());
  const table: TableSpec = {
    exactHeader: d.exactHeader,
    arrival,
    arrivalUnit,
    duration: duration ?? '',
    durationUnit,
    keyColumns: key,
    keyJoin: flags.keyJoin ?? d.keyJoin,
    classColumn: flags.class ?? null,
    sizeColumn: flags.size ?? d.size,
  };
  return { format, rules: table, createParser: (file) => createTableParser(table, file), table };
}

/** A table format that needs nothing beyond its defaults: the column options, resolved over `defaults`. */
export function tableFormat(name: string, description: string, defaults: TableDefaults): ConverterFormat {
  return { name, description, flags: TABLE_FLAGS, defaults: tableDefaultsText(defaults), resolve: (flags, issues) => resolveTableSpec(name, flags, defaults, issues) };
}
