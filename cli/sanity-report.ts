// Prints the sanity warnings of `simulate`, `run` and `sweep` on stderr, each once; results are never touched.
import type { Trace } from '../src/trace/trace.ts';
import { sanityWarnings, type SanityConfig } from '../sim/diagnose/sanity-warnings.ts';

const printed = new Set<string>();

/**
 * Writes each warning about `cfg` on `trace` once per process to stderr, as `hsim: warning: … (look at P)`; `facts`
 * are what reading the trace found (LoadedTrace.facts), when at hand.
 */
export function reportSanity(trace: Trace, cfg: SanityConfig, facts?: { readonly tieShare: number }): void {
  for (const w of sanityWarnings(trace, cfg, facts)) {
    const line = `hsim: warning: ${w.text} (look at ${w.parameter})\n`;
    if (printed.has(line)) continue;
    printed.add(line);
    process.stderr.write(line);
  }
}
