// One CSV field as RFC 4180 writes it: quoted only when it must be.

/** Quotes a field per RFC 4180 only when it holds a comma, a quote, CR or LF, doubling inner quotes. */
export function quoteCsvField(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 44 || c === 34 || c === 10 || c === 13) return `"${s.replace(/"/g, '""')}"`;
  }
  return s;
}
