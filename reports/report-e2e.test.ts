// End to end: index.html opened from disk in headless Chromium renders every chart with marks and logs no errors.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureResultFile, fixtureSweepFile } from './fixtures/report-fixture.ts';
import { fixtureGate } from './golden-specs.ts';
import { writeReport } from './write-report-io.ts';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`report e2e test skipped: ${CHROMIUM} is missing (apt-get install -y chromium; CI installs it)`);

const root = mkdtempSync(join(tmpdir(), 'hsim-report-e2e-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

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
