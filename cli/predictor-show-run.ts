// The implementation of `hsim predictor show`: a snapshot's keys, gates and histograms, as text, JSON or a chart.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, atOption } from '../src/errors.ts';
import { writeFileAtomic } from '../src/io/atomic-io.ts';
import { readPredictorSnapshot } from '../src/io/predictor-snapshot-io.ts';
import { stableStringify } from '../src/json/stable-json.ts';
import { predictorReport, type KeyReport } from '../src/predictor/predictor-report.ts';
import { formatPredictorReport } from '../src/predictor/predictor-report-text.ts';

/** Keys drawn in the chart beside the pooled histogram (the most observed of those shown). */
const CHART_KEYS = 4;

/** Runs `hsim predictor show`. Throws InputError (exit 2) for a bad option, an unknown key or a bad snapshot. */
export async function runPredictorShow(file: string, opts: Record<string, unknown>): Promise<void> {
  const top = Number(opts.top);
  if (!Number.isSafeInteger(top) || top < 1) throw new InputError(atOption('--top', `"${String(opts.top)}"`, 'an integer ≥ 1'));
  const predictor = readPredictorSnapshot(file);
  const rep = predictorReport(predictor);
  let keys: KeyReport[];
  if (opts.key !== undefined) {
    const k = String(opts.key);
    const one = rep.keys.find((r) => r.key === k);
    if (one === undefined) {
      const some = rep.keys.slice(0, 3).map((r) => JSON.stringify(r.key)).join(', ');
      throw new InputError(atOption('--key', `${JSON.stringify(k)}, which ${file} does not hold (${rep.keys.length} keys)`, rep.keys.length > 0 ? `a key it holds, e.g. ${some}` : 'a snapshot that holds keys'));
    }
    keys = [one];
  } else {
    keys = rep.keys.slice(0, top);
  }
  if (opts.output !== undefined) {
    const dir = String(opts.output);
    const { predictorHistogramChart } = await import('../reports/predictor-histogram-chart.ts');
    const { renderSvg } = await import('../reports/render-chart.ts');
    const spec = predictorHistogramChart(rep, keys.slice(0, CHART_KEYS), file);
    const { svg } = await renderSvg(spec);
    mkdirSync(dir, { recursive: true });
    writeFileAtomic(join(dir, 'predictor.vl.json'), stableStringify(spec));
    writeFileAtomic(join(dir, 'predictor.svg'), svg);
    process.stderr.write(`hsim: wrote ${join(dir, 'predictor.vl.json')} and ${join(dir, 'predictor.svg')}\n`);
  }
  if (opts.json) process.stdout.write(stableStringify({ snapshot: file, ...rep, keys }));
  else process.stdout.write(formatPredictorReport(file, rep, keys));
}
