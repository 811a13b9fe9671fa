// Recognises a raw public trace (SWF, Azure 2021, Huawei 2025) passed where a common-format trace is expected, and names the convert command.

/**
 * The `hsim convert` command that turns the raw trace at `path` into the common format, judged by its name and first
 * line (an SWF log: `.swf[.gz]` or a `;` comment header; Azure 2021: app, func, end_timestamp, duration; Huawei 2025:
 * time_frontend, totalCost_worker). Null when it looks like none of them. Pure.
 */
export function rawTraceHint(path: string, firstLine: string): string | null {
  const base = path.replace(/^.*[\\/]/, '').replace(/\.gz$/i, '').replace(/\.[^.]+$/, '');
  const out = `${base || 'trace'}.csv`;
  const columns = new Set(firstLine.replace(/^\uFEFF/, '').split(',').map((c) => c.trim().replace(/^"|"$/g, '')));
  if (/\.swf(\.gz)?$/i.test(path) || firstLine.trimStart().startsWith(';')) {
    const preset = /lpc-egee/i.test(path) ? ' --preset lpc-egee' : '';
    return `it looks like a raw SWF log: convert it first with \`hsim convert swf ${path}${preset} -o ${out}\`, then simulate ${out}`;
  }
  if (['app', 'func', 'end_timestamp', 'duration'].every((c) => columns.has(c))) {
    return `it looks like a raw Azure Functions 2021 trace: convert it first with \`hsim convert azure2021 ${path} -o ${out}\`, then simulate ${out}`;
  }
  if (['time_frontend', 'totalCost_worker'].every((c) => columns.has(c))) {
    return `it looks like a raw Huawei 2025 trace: convert it first with \`hsim convert huawei2025 ${path} -o ${out}\`, then simulate ${out}`;
  }
  return null;
}
