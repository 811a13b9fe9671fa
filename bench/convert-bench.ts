// Benchmark of `hsim convert`: LPC-EGEE whole-process time, SWF and generic-CSV MB/s and peak RSS on 1 GB
// (generic CSV on one conversion thread and on the default threads, median of 3, beside `wc -l`, the reader and `uptime`).
// Run: node bin/run-ts.js bench/convert-bench.ts [--gb 1] [--only csv|unsorted] [--baseline DIR]. Every figure is printed next to a
// baseline from the same run; --baseline runs another checkout's CLI (e.g. main exported to DIR) on the same unsorted and
// generic-CSV files.
import { spawnSync } from 'node:child_process';
import { closeSync, createReadStream, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRng } from '../src/rng/seeded.ts';
import { sharedFile } from '../src/io/shared-io.ts';
import { readTrace } from '../traces/trace-io.ts';
import { defaultThreads } from '../converters/parallel-convert.ts';

const root = resolve(import.meta.dirname, '..');
const hsim = join(root, 'bin', 'hsim.js');
const gbArg = process.argv.indexOf('--gb');
const targetBytes = Math.round((gbArg > 0 ? Number(process.argv[gbArg + 1]) : 1) * 1e9);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const baseArg = process.argv.indexOf('--baseline');
const baselineHsim = baseArg > 0 ? join(resolve(process.argv[baseArg + 1]!), 'bin', 'hsim.js') : null;
const rows: [string, string, string][] = [];

/** Runs a command under /usr/bin/time; returns wall seconds, CPU seconds (user + sys) and peak RSS in MiB. */
function timed(cmd: string, args: string[]): { s: number; cpu: number; rssMiB: number; status: number | null; stderr: string } {
  const r = spawnSync('/usr/bin/time', ['-f', 'TIME %e %U %S %M', cmd, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const m = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(r.stderr);
  if (m === null) return { s: Number.NaN, cpu: Number.NaN, rssMiB: Number.NaN, status: r.status, stderr: r.stderr };
  return { s: Number(m[1]), cpu: Number(m[2]) + Number(m[3]), rssMiB: Number(m[4]) / 1024, status: r.status, stderr: r.stderr };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const work = mkdtempSync(join(tmpdir(), 'hsim-convert-bench-'));
try {
  if (only === undefined || only === 'swf') await swfFigures();
  if (only === undefined || only === 'csv') await genericCsvFigures();
  if (only === undefined || only === 'unsorted') unsortedFigures();
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** LPC-EGEE whole process, and a generated ~1 GB SWF log. */
async function swfFigures(): Promise<void> {
  // 1. LPC-EGEE: the whole process, against `zcat | wc -l` and hsim's own start-up (`hsim --help`).
  const lpc = sharedFile('traces-raw', 'pwa-swf', 'LPC-EGEE-2004-1.2-cln.swf.gz');
  if (lpc !== null) {
    const zcat = median([0, 1, 2].map(() => timed('sh', ['-c', `zcat '${lpc}' | wc -l > /dev/null`]).s));
    const help = median([0, 1, 2].map(() => timed('node', [hsim, '--help']).s));
    const runs = [0, 1, 2, 3, 4].map(() => timed('node', [hsim, 'convert', 'swf', lpc, '--preset', 'lpc-egee', '-o', join(work, 'lpc.csv'), '-q']));
    const failed = runs.find((r) => r.status !== 0);
    if (failed !== undefined) throw new Error(`convert failed (exit ${failed.status}): ${failed.stderr}`);
    rows.push(['LPC-EGEE convert, whole process (median of 5)', `${median(runs.map((r) => r.s)).toFixed(2)} s`, `min ${Math.min(...runs.map((r) => r.s)).toFixed(2)} s; target < 1 s`]);
    rows.push(['  baseline: zcat | wc -l', `${zcat.toFixed(2)} s`, '']);
    rows.push(['  baseline: node bin/hsim.js --help (start-up)', `${help.toFixed(2)} s`, '']);
  } else {
    rows.push(['LPC-EGEE', 'skipped', 'shared/ absent']);
  }

  // 2. A generated SWF log of ~1 GB, sorted by submit time like the PWA logs.
  const big = join(work, 'generated.swf');
  const t0 = performance.now();
  const lines = generateSwf(big, targetBytes);
  const size = statSync(big).size;
  const mb = size / 1e6;
  rows.push([`generated SWF (${lines.toLocaleString('en')} jobs)`, `${mb.toFixed(0)} MB`, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`]);

  const t1 = performance.now();
  const nl = await countLines(big);
  const splitS = (performance.now() - t1) / 1000;
  rows.push(['  baseline: plain Node chunk read + newline count', `${(mb / splitS).toFixed(0)} MB/s`, `${nl} lines`]);
  const wc = timed('wc', ['-l', big]);
  rows.push(['  baseline: wc -l', `${(mb / wc.s).toFixed(0)} MB/s`, '']);

  const check = timed('node', [hsim, 'convert', 'swf', big, '--check']);
  if (check.status !== 0) throw new Error(check.stderr);
  rows.push(['hsim convert swf --check (whole process)', `${(mb / check.s).toFixed(0)} MB/s`, `${(mb / check.cpu).toFixed(0)} MB per CPU-s; peak RSS ${check.rssMiB.toFixed(0)} MiB`]);
  const conv = timed('node', [hsim, 'convert', 'swf', big, '-o', join(work, 'big.csv'), '-q']);
  if (conv.status !== 0) throw new Error(conv.stderr);
  rows.push(['hsim convert swf -o big.csv (whole process)', `${(mb / conv.s).toFixed(0)} MB/s`, `${(mb / conv.cpu).toFixed(0)} MB per CPU-s; peak RSS ${conv.rssMiB.toFixed(0)} MiB (target ≥ 100 MB/s, ≤ 300 MiB)`]);
  rmSync(join(work, 'big.csv'), { force: true });
  const convGz = timed('node', [hsim, 'convert', 'swf', big, '-o', join(work, 'big.csv.gz'), '-q']);
  if (convGz.status !== 0) throw new Error(convGz.stderr);
  rows.push(['hsim convert swf -o big.csv.gz (whole process)', `${(mb / convGz.s).toFixed(0)} MB/s`, `${(mb / convGz.cpu).toFixed(0)} MB per CPU-s; peak RSS ${convGz.rssMiB.toFixed(0)} MiB`]);
  rmSync(big, { force: true });
}

/**
 * A generated ~1 GB generic CSV sorted by arrival (targets: ≥ 100 MB/s to .csv, ≥ 50 MB/s to .csv.gz),
 * against the common-CSV reader (readTrace, no cache) and `wc -l` on the same file in the same run.
 */
async function genericCsvFigures(): Promise<void> {
  const csv = join(work, 'generic.csv');
  const t0 = performance.now();
  const lines = generateGenericCsv(csv, targetBytes);
  const mb = statSync(csv).size / 1e6;
  rows.push([`generated generic CSV (${lines.toLocaleString('en')} rows, sorted)`, `${mb.toFixed(0)} MB`, `in ${((performance.now() - t0) / 1000).toFixed(1)} s`]);
  const wc = timed('wc', ['-l', csv]);
  rows.push(['  baseline: wc -l', `${(mb / wc.s).toFixed(0)} MB/s`, '']);
  const cpu0 = process.cpuUsage();
  const t1 = performance.now();
  const loaded = await readTrace(csv, { cache: false });
  const readS = (performance.now() - t1) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const readMBs = mb / readS;
  rows.push(['  baseline: common-CSV reader (readTrace, no cache)', `${readMBs.toFixed(0)} MB/s`, `${(mb / ((cpu.user + cpu.system) / 1e6)).toFixed(0)} MB per CPU-s; ${loaded.trace.n} rows`]);
  const args = ['convert', 'csv', csv, '--arrival', 'arrival_ms', '--duration', 'duration_ms', '--key', 'key', '-q'];
  rows.push(['  machine load before (uptime)', uptimeLoad(), `${availableParallelism()} cores`]);
  // One thread (the former path) and the default thread count, three runs each, interleaved; median wall and CPU.
  for (const ext of ['.csv', '.csv.gz']) {
    const outs = new Map<string, string>();
    for (const threads of ['1', 'default']) outs.set(threads, join(work, `t${threads}${ext}`));
    const runs = new Map<string, { s: number; cpu: number; rssMiB: number }[]>([...outs.keys()].map((k) => [k, []]));
    for (let rep = 0; rep < 3; rep++) {
      for (const [threads, out] of outs) {
        const r = timed('node', [hsim, ...args, '-o', out, ...(threads === 'default' ? [] : ['--threads', threads])]);
        if (r.status !== 0) throw new Error(r.stderr);
        runs.get(threads)!.push(r);
      }
    }
    const target = ext === '.csv' ? 'target ≥ 100 MB/s' : 'target ≥ 50 MB/s (level 1)';
    for (const [threads, rs] of runs) {
      const s = median(rs.map((r) => r.s));
      const cpu = median(rs.map((r) => r.cpu));
      const label = `hsim convert csv -o out${ext} --threads ${threads === 'default' ? `${defaultThreads()} (default)` : threads}`;
      rows.push([label, `${(mb / s).toFixed(0)} MB/s`, `median of 3 (${rs.map((r) => (mb / r.s).toFixed(0)).join(', ')}); ${((mb / s / readMBs) * 100).toFixed(0)} % of the reader; ${(mb / cpu).toFixed(0)} MB per CPU-s; peak RSS ${Math.max(...rs.map((r) => r.rssMiB)).toFixed(0)} MiB (${target})`]);
    }
    const [one, many] = [outs.get('1')!, outs.get('default')!];
    const same = ext === '.csv' ? spawnSync('cmp', ['-s', one, many]).status === 0 : spawnSync('sh', ['-c', `zcat '${many}' | cmp -s - '${join(work, 't1.csv')}' && zcat '${one}' | cmp -s - '${join(work, 't1.csv')}'`]).status === 0;
    rows.push([ext === '.csv' ? '  output bytes equal for 1 and default threads' : '  decompressed bytes equal to the .csv of 1 thread', same ? 'yes' : 'NO', '']);
    const metaOf = (out: string): Record<string, unknown> => {
      const m = JSON.parse(readFileSync(out.replace(/\.csv(\.gz)?$/, '.meta.json'), 'utf8')) as Record<string, unknown>;
      delete m.gzip_members;
      return m;
    };
    rows.push(['  meta equal (less gzip_members)', JSON.stringify(metaOf(one)) === JSON.stringify(metaOf(many)) ? 'yes' : 'NO', '']);
    if (baselineHsim !== null) {
      // The same conversion by --baseline's CLI, and for .csv its bytes against ours.
      const theirs = join(work, `baseline${ext}`);
      const b = timed('node', [baselineHsim, ...args, '-o', theirs]);
      if (b.status !== 0) throw new Error(b.stderr);
      rows.push(['  baseline: --baseline CLI, same file', `${(mb / b.s).toFixed(0)} MB/s`, `${(mb / b.cpu).toFixed(0)} MB per CPU-s; peak RSS ${b.rssMiB.toFixed(0)} MiB`]);
      if (ext === '.csv') rows.push(['  output bytes equal to the baseline', spawnSync('cmp', ['-s', many, theirs]).status === 0 ? 'yes' : 'NO', '']);
      rmSync(theirs, { force: true });
    }
  }
  rows.push(['  machine load after (uptime)', uptimeLoad(), '']);
  for (const f of ['t1', 'tdefault']) for (const e of ['.csv', '.csv.gz', '.meta.json', '.rejects.jsonl']) rmSync(join(work, f + e), { force: true });
}

/** The load averages `uptime` prints (the machine is shared: figures are read beside them). */
function uptimeLoad(): string {
  return /load average: (.*)$/.exec(spawnSync('uptime', { encoding: 'utf8' }).stdout.trim())?.[1] ?? '?';
}

const w = Math.max(...rows.map((r) => r[0].length));
const v = Math.max(...rows.map((r) => r[1].length));
process.stdout.write(rows.map(([a, b, c]) => `${a.padEnd(w)}  ${b.padStart(v)}  ${c}`).join('\n') + '\n');
if (existsSync(work)) process.stderr.write(`could not remove ${work}\n`);

/**
 * Unsorted input (bounded memory through spilled runs): a generated SWF log with shuffled submit
 * times, converted to .csv; peak RSS and bytes per row, against the same file's conversion by `--baseline`'s CLI.
 */
function unsortedFigures(): void {
  const swf = join(work, 'unsorted.swf');
  const lines = generateSwf(swf, targetBytes, true);
  const mb = statSync(swf).size / 1e6;
  rows.push([`generated SWF, submit times shuffled (${lines.toLocaleString('en')} jobs)`, `${mb.toFixed(0)} MB`, '']);
  const outputs: string[] = [];
  for (const [label, cli] of [['hsim convert swf (unsorted) -o u.csv', hsim], ['  baseline: --baseline CLI, same file', baselineHsim]] as [string, string | null][]) {
    if (cli === null) continue;
    const out = join(work, `u${outputs.length}.csv`);
    const r = timed('node', [cli, 'convert', 'swf', swf, '-o', out, '-q']);
    if (r.status !== 0) throw new Error(r.stderr);
    rows.push([label, `${r.rssMiB.toFixed(0)} MiB`, `peak RSS, ${((r.rssMiB * 1048576) / lines).toFixed(1)} B/row; ${(mb / r.s).toFixed(0)} MB/s, ${(mb / r.cpu).toFixed(0)} MB per CPU-s`]);
    outputs.push(out);
  }
  if (outputs.length === 2) {
    const same = spawnSync('cmp', ['-s', outputs[0]!, outputs[1]!]).status === 0;
    rows.push(['  output bytes equal to the baseline', same ? 'yes' : 'NO', '']);
  }
  for (const o of outputs) rmSync(o, { force: true });
  rmSync(swf, { force: true });
}

/** Writes an SWF log of about `bytes` bytes (18 fields, PWA-like widths), sorted by submit time unless `shuffled`; returns the job count. */
function generateSwf(path: string, bytes: number, shuffled = false): number {
  const rng = createRng('convert-bench');
  // One block of 20000 jobs (fields 3–18 and submit gaps) is drawn once and repeated with growing job numbers
  // and submit times, so the file stays sorted by submit time like the PWA logs.
  const block = 20000;
  const rest: string[] = [];
  const gap: number[] = [];
  for (let i = 0; i < block; i++) {
    const run = rng.next() < 0.1 ? 0 : Math.floor(rng.next() * 50000);
    const procs = rng.next() < 0.8 ? 1 : 1 + Math.floor(rng.next() * 64);
    const user = 1 + Math.floor(rng.next() * 200);
    const queue = 1 + Math.floor(rng.next() * 6);
    gap.push(Math.floor(rng.next() * 20));
    rest.push(` ${String(Math.floor(rng.next() * 900)).padStart(7)} ${String(run).padStart(7)} ${procs} ${String(run).padStart(6)} -1 ${procs} ${String(7200).padStart(6)} -1 1 ${String(user).padStart(3)} ${String(user).padStart(3)} -1 ${queue} 1 -1 -1\n`);
  }
  const fd = openSync(path, 'w');
  let written = 0;
  let job = 0;
  let submit = 0;
  writeSync(fd, '; Version: 2.2\n; Computer: generated by bench/convert-bench.ts\n; UnixStartTime: 1091615532\n');
  try {
    while (written < bytes) {
      let chunk = '';
      for (let i = 0; i < block; i++) {
        job++;
        submit += gap[i]!;
        // Shuffled: a submit time anywhere in the first 10^9 s (ties happen, as in real logs).
        const at = shuffled ? Math.floor(rng.next() * 1e9) : submit;
        chunk += `${String(job).padStart(8)} ${String(at).padStart(10)}${rest[i]!}`;
      }
      written += writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
  return job;
}

/** Writes a sorted CSV `arrival_ms,duration_ms,key` (µs-rounded times, 400 keys) of about `bytes` bytes; returns the rows. */
function generateGenericCsv(path: string, bytes: number): number {
  const rng = createRng('convert-bench-csv');
  const block = 20000;
  const gap: number[] = [];
  const rest: string[] = [];
  for (let i = 0; i < block; i++) {
    gap.push(Math.round(rng.next() * 5000) / 1000);
    rest.push(`,${Math.round(-Math.log(1 - rng.next()) * 1e5) / 1000},fn${String(1 + Math.floor(rng.next() ** 3 * 400)).padStart(3, '0')}\n`);
  }
  const fd = openSync(path, 'w');
  let written = writeSync(fd, 'arrival_ms,duration_ms,key\n');
  let n = 0;
  let t = 0;
  try {
    while (written < bytes) {
      let chunk = '';
      for (let i = 0; i < block; i++) {
        t = Math.round((t + gap[i]!) * 1000) / 1000;
        chunk += `${t}${rest[i]!}`;
      }
      n += block;
      written += writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
  return n;
}

async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const b = chunk as Buffer;
    for (let p = b.indexOf(10); p >= 0; p = b.indexOf(10, p + 1)) n++;
  }
  return n;
}
