// The report model: long arm names abbreviated in every chart with one key, and one note for results without a CDF.
import { describe, expect, it } from 'vitest';
import { fixtureResultFile } from './fixtures/report-fixture.ts';
import { fixtureTrace } from './golden-specs.ts';
import { reportHtml } from './report-html.ts';
import { reportMarkdown } from './report-markdown.ts';
import { buildReportModel, type ReportInputs } from './report-model.ts';

const LONG = ['predictive+weights=4,2,1+pausing', 'predictive+weights=4,2,1+pausing+sizebins'];

function inputs(json: Record<string, unknown>): ReportInputs {
  return { title: 't', traces: [fixtureTrace(json)], evaluations: [], gateNotes: [], sweeps: [], warnings: [] };
}

describe('buildReportModel', () => {
  it('abbreviates long arm names that share a prefix in every chart legend and lists the key once', () => {
    const model = buildReportModel(inputs(fixtureResultFile(['fifo', ...LONG])));
    expect(model.armKey.rows).toEqual([['pre+wei=4,2,1+pau', LONG[0]], ['pre+wei=4,2,1+pau+siz', LONG[1]]]);
    const drawn = model.charts.filter((c) => c.spec !== null && c.fromResults);
    expect(drawn.map((c) => c.id)).toEqual(['forest', 'load-shop', 'windows-shop', 'labels-shop', 'cdf-shop', 'outcomes-shop']);
    for (const c of drawn.filter((x) => x.id !== 'outcomes-shop')) {
      const text = JSON.stringify(c.spec);
      expect(text, c.id).toContain(JSON.stringify(`datum.label === ${JSON.stringify(LONG[0])} ? "pre+wei=4,2,1+pau"`).slice(1, -1));
    }
    // The pages show the key once.
    const html = reportHtml(model, new Map());
    expect(html.match(/<table class="arm-key" data-table="arm-key">/g)).toHaveLength(1);
    expect(html).toContain('<td>pre+<wbr>wei=4,2,1+<wbr>pau+<wbr>siz</td><td>predictive+<wbr>weights=4,2,1+<wbr>pausing+<wbr>sizebins</td>');
    expect(reportMarkdown(model, new Set()).match(/\| abbreviation \| arm \|/g)).toHaveLength(1);
    // Short names stay as they are: no key, no arm label expression (the load headers' `'load ' + …` is no arm's).
    const plain = buildReportModel(inputs(fixtureResultFile()));
    expect(plain.armKey.rows).toEqual([]);
    expect(JSON.stringify(plain.charts.map((c) => c.spec))).not.toContain('datum.label ===');
    expect(reportHtml(plain, new Map())).not.toContain('arm-key');
  });

  it('says once which option adds the latency CDF when the results have none', () => {
    const json = fixtureResultFile() as { results: Record<string, { arms: Record<string, Record<string, unknown>> }> };
    for (const load of Object.values(json.results)) for (const arm of Object.values(load.arms)) delete arm['latency_cdf'];
    const model = buildReportModel(inputs(json));
    expect(model.warnings.filter((w) => w.includes('CDF'))).toEqual(['chart "Latency CDF: shop" not drawn: needs latency_cdf in the results: run simulate --latency-cdf (or "latency_cdf": true in an experiment or sweep file)']);
  });
});
