// End to end: index.html opened from disk in headless Chromium renders every chart with marks and logs no errors, and
// at a 1400 px window nothing sticks out sideways, no text is drawn under 10 px and no table breaks a word.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURE_ARMS, fixtureResultFile, fixtureSweepFile } from './fixtures/report-fixture.ts';
import { fixtureGate } from './golden-specs.ts';
import { writeReport } from './write-report-io.ts';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`report e2e test skipped: ${CHROMIUM} is missing (apt-get install -y chromium; CI installs it)`);

const root = mkdtempSync(join(tmpdir(), 'hsim-report-e2e-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The smallest text a reader is asked to read (px), on the page and inside charts as drawn. */
const MIN_TEXT_PX = 10;

/**
 * What the layout test measures in the page (plain JavaScript run by Chromium; `minPx` the smallest text allowed):
 * every overflow, text drawn too small and table word split over two lines, as readable problems, and how many
 * chart texts and table words it looked at.
 */
const LAYOUT_PROBE = String.raw`(minPx) => {
  const problems = [];
  const where = (el) => (el.closest('figure') || {}).id || (el.closest('table') || {}).className || el.tagName.toLowerCase();
  // Nothing wider than its box: the page, every figure, every table and the box each sits in.
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth) problems.push('page: scrollWidth ' + doc.scrollWidth + ' > clientWidth ' + doc.clientWidth);
  if (document.body.scrollWidth > document.body.clientWidth) problems.push('body: scrollWidth ' + document.body.scrollWidth + ' > clientWidth ' + document.body.clientWidth);
  const body = document.body.getBoundingClientRect();
  for (const el of document.querySelectorAll('figure, table')) {
    for (const box of [el, el.parentElement]) {
      if (box.scrollWidth > box.clientWidth + 1) problems.push(where(el) + ': ' + box.tagName.toLowerCase() + ' scrollWidth ' + box.scrollWidth + ' > clientWidth ' + box.clientWidth);
    }
    const r = el.getBoundingClientRect();
    if (r.right > body.right + 0.5) problems.push(where(el) + ': right edge ' + r.right + ' beyond the page column ' + body.right);
  }
  // Chart text as drawn: its font size times the scale the SVG is shown at (a chart shrunk to fit shrinks its
  // text); an unrotated label's box must be as tall too.
  let svgTexts = 0;
  for (const t of document.querySelectorAll('svg text')) {
    const text = (t.textContent || '').trim();
    const box = t.getBoundingClientRect();
    if (text === '' || box.width === 0 || getComputedStyle(t).visibility === 'hidden') continue;
    svgTexts++;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    if (px < minPx - 0.05) problems.push(where(t) + ': "' + text + '" drawn at ' + px.toFixed(1) + ' px');
    else if (m.b === 0 && m.c === 0 && box.height < minPx - 0.05) problems.push(where(t) + ': "' + text + '" box ' + box.height.toFixed(1) + ' px tall');
  }
  // Charts shown as images: the smallest chart text (minPx at the chart's own size; a PNG holds it at 2x) times
  // the displayed / drawn width.
  for (const img of document.querySelectorAll('img')) {
    const density = /\.png$/i.test(img.src) ? 2 : 1;
    const px = (minPx * img.getBoundingClientRect().width * density) / img.naturalWidth;
    if (px < minPx - 0.05) problems.push(where(img) + ': image ' + img.src + ' shown at ' + ((100 * px) / minPx).toFixed(0) + ' % of its size');
  }
  // Page text outside the charts.
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') !== null) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent || '').trim() !== '');
    if (own && parseFloat(getComputedStyle(el).fontSize) < minPx) problems.push(where(el) + ': ' + el.tagName.toLowerCase() + ' text at ' + getComputedStyle(el).fontSize);
  }
  // No word of a table cell split over two lines (a hash may break anywhere; paths and arm names break after / and
  // +, where the page offers a break, and any text after a hyphen, as typesetting does).
  let words = 0;
  for (const cell of document.querySelectorAll('td:not(.hash), th')) {
    for (const node of cell.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      for (const w of (node.textContent || '').matchAll(/[^\s/+-]+/g)) {
        const range = document.createRange();
        range.setStart(node, w.index);
        range.setEnd(node, w.index + w[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        words++;
        if (tops.size > 1) problems.push(where(cell) + ': "' + w[0] + '" broken over ' + tops.size + ' lines');
      }
    }
  }
  return { problems, svgTexts, words };
}`;

/**
 * A results file as a real run makes it, for layout: the fixture with eight arms (sept and
 * predictive+weights+pausing among them), and at load 0.8 every arm's queue series over 30 min (200 samples, three
 * levels) and per-key waits, so the report has the queues-over-time chart that eight arms once made 3,600 px wide.
 */
function eightArmResults(): Record<string, unknown> {
  const arms = ['fifo', 'oracle', 'per-key', 'predictive', 'predictive+weights+pausing', 'sept', 'sjf', 'static-history'];
  const json = fixtureResultFile(arms) as { results: Record<string, { arms: Record<string, Record<string, unknown>> }> };
  const at = Array.from({ length: 200 }, (_, k) => k * 9000);
  arms.forEach((arm, i) => {
    const a = json.results['0.8']!.arms[arm]!;
    const f = FIXTURE_ARMS[arm] ?? 1;
    a['series'] = {
      at_ms: at,
      busy: at.map((_, k) => (k % 7 === 0 ? 3 : 4)),
      waiting: [0, 1, 2].map((l) => at.map((_, k) => Math.round(f * (l + 1) * (100 + 80 * Math.sin(k / 15 + i))))),
      promoted_share: [0, 1, 2].map((l) => at.map((_, k) => (l === 0 ? 0 : ((k + i) % 20) / 40))),
    };
    a['by_key'] = Object.fromEntries(['a', 'b', 'c', 'd'].map((key, j) => [key, { count: 10 ** (j + 1), mean_wait_ms: j === 0 ? 0 : f * 1000 * j, mean_latency_ms: f * 1500 * (j + 1) }]));
  });
  return json;
}

describe.skipIf(!hasChromium)('report in headless Chromium (skipped when /usr/bin/chromium is absent)', () => {
  it('shows every chart with at least one mark per data point, offline, without console errors', async () => {
    const results = join(root, 'results');
    const gates = join(root, 'gates');
    mkdirSync(results);
    mkdirSync(gates);
    writeFileSync(join(results, 'shop.json'), JSON.stringify(fixtureResultFile()));
    writeFileSync(join(results, 'sweep.json'), JSON.stringify(fixtureSweepFile()));
    writeFileSync(join(gates, 'fixture.sim.json'), JSON.stringify(fixtureGate()));
    const written = await writeReport(results, join(root, 'report'), { gatesDir: gates, png: false });
    expect(written.notDrawn).toEqual([]);

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launchPersistentContext(join(root, 'profile'), {
      executablePath: CHROMIUM,
      viewport: { width: 1400, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = browser.pages()[0] ?? (await browser.newPage());
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(written.indexHtml).href, { waitUntil: 'load' });
      const charts = await page.$$eval('figure.chart', (figs) =>
        figs.map((f) => ({
          id: f.getAttribute('data-chart'),
          minMarks: Number(f.getAttribute('data-min-marks') ?? '-1'),
          marks: f.querySelectorAll('svg g.role-mark > *').length,
          width: f.querySelector('svg')?.getBoundingClientRect().width ?? 0,
        })),
      );
      expect(charts.map((c) => c.id)).toEqual(written.drawn);
      for (const c of charts) {
        expect(c.minMarks, `${c.id} declares its data`).toBeGreaterThan(0);
        expect(c.marks, `${c.id} marks`).toBeGreaterThanOrEqual(c.minMarks);
        expect(c.width, `${c.id} laid out`).toBeGreaterThan(100);
      }
      // The forest plot has one dot per design × load: 2 × 2 in the fixture, and a dashed bar for each gated row.
      const forestDots = await page.$$eval('#chart-forest g.mark-symbol.role-mark > path', (p) => p.length);
      expect(forestDots).toBe(4);
      // At a 1400 px window nothing sticks out sideways: not the page, and no chart, table or figure beyond its box.
      const page_ = await page.$eval('html', (doc) => (doc.scrollWidth > doc.clientWidth ? [`page ${doc.scrollWidth} > ${doc.clientWidth}`] : []));
      const boxes = await page.$$eval('figure, figure svg, table', (els) =>
        els.flatMap((el) => {
          const box = el.getBoundingClientRect();
          const parent = el.parentElement!.getBoundingClientRect();
          return box.right > parent.right + 0.5 || el.scrollWidth > el.clientWidth + 1 ? [`${el.tagName} ${el.id || (el.getAttribute('class') ?? '')}: ${box.right} > ${parent.right}`] : [];
        }),
      );
      const overflow = [...page_, ...boxes];
      expect(overflow).toEqual([]);
      expect(errors).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe.skipIf(!hasChromium)('report layout at 1400 px in headless Chromium (skipped when /usr/bin/chromium is absent)', () => {
  it('fits the page, draws no text under 10 px and breaks no word in a table, with eight arms and their queues', async () => {
    const results = join(root, 'layout-results');
    const gates = join(root, 'layout-gates');
    mkdirSync(results);
    mkdirSync(gates);
    writeFileSync(join(results, 'shop.json'), JSON.stringify(eightArmResults()));
    writeFileSync(join(results, 'sweep.json'), JSON.stringify(fixtureSweepFile()));
    writeFileSync(join(gates, 'fixture.sim.json'), JSON.stringify(fixtureGate()));
    const written = await writeReport(results, join(root, 'layout-report'), { gatesDir: gates, png: false });
    expect(written.notDrawn).toEqual([]);
    expect(written.drawn).toEqual(expect.arrayContaining(['queues-shop', 'keys-shop', 'cdf-shop', 'load-shop', 'windows-shop', 'effects-predictor-one-at-a-time']));

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launchPersistentContext(join(root, 'layout-profile'), { executablePath: CHROMIUM, viewport: { width: 1400, height: 900 }, args: LAUNCH_ARGS });
    try {
      const page = browser.pages()[0] ?? (await browser.newPage());
      await page.goto(pathToFileURL(written.indexHtml).href, { waitUntil: 'load' });
      const found = (await page.evaluate(`(${LAYOUT_PROBE})(${MIN_TEXT_PX})`)) as { problems: string[]; svgTexts: number; words: number };
      expect(found.problems).toEqual([]);
      // The checks looked at something: every chart's labels and every table's words.
      expect(found.svgTexts).toBeGreaterThan(200);
      expect(found.words).toBeGreaterThan(100);
    } finally {
      await browser.close();
    }
  });
});
