// Column layout and field quoting of common-format rows (SPEC §3): RFC 4180 quoting only when needed.

/** Which optional columns a common-format trace has. */
export interface TraceColumns {
  size: boolean;
  class: boolean;
}

/** Column names in file order: `arrival_ms,duration_ms,key[,size_bytes][,class]`. */
export function columnNames(cols: TraceColumns): string[] {
  const names = ['arrival_ms', 'duration_ms', 'key'];
  if (cols.size) names.push('size_bytes');
  if (cols.class) names.push('class');
  return names;
}

/** Quotes a CSV field only when it holds a comma, a quote, CR or LF (RFC 4180), doubling inner quotes. */
export function csvField(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 44 || c === 34 || c === 10 || c === 13) return `"${s.replace(/"/g, '""')}"`;
  }
  return s;
}
