// A paper table as typed columns (`hsim report --tables parquet,arrow`): numeric columns as float64, the rest text.
import { numberColumn, stringColumn, type ColumnSpec, type ColumnTable } from '../src/format/column-batch.ts';
import type { PaperTable } from './paper-tables.ts';

/** A cell that is a plain number as the tables print it (U+2212 or ASCII minus, decimals, exponent). */
const NUMBER = /^[−-]?\d+(\.\d+)?(e[+−-]?\d+)?$/;

/** The cell's number, or null for the missing mark `–` (and an empty cell). */
function cellNumber(cell: string): number | null {
  return cell === '–' || cell === '' ? null : Number(cell.replace(/−/g, '-'));
}

/**
 * The table's columns under its keys (snake_case with units, as the CSV's header): a column whose every cell is a number or missing (`–`) is float64
 * (missing = null), any other is text (missing = null), so pandas and DuckDB get numbers where the table shows them.
 */
export function paperTableColumns(t: PaperTable): ColumnTable {
  const specs: ColumnSpec[] = [];
  const columns = t.keys.map((name, c) => {
    const cells = t.rows.map((r) => r[c] ?? '–');
    const numeric = cells.some((x) => NUMBER.test(x)) && cells.every((x) => x === '–' || x === '' || NUMBER.test(x));
    specs.push({ name, type: numeric ? 'float64' : 'string', nullable: true });
    return numeric ? numberColumn('float64', cells.map(cellNumber)) : stringColumn(cells.map((x) => (x === '–' ? null : x)));
  });
  return { specs, batch: { rows: t.rows.length, columns } };
}
