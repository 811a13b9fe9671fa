// SWF logs of the Parallel Workloads Archive, with the presets of SPEC §4: one format of `hsim convert`.
import * as msg from '../messages.ts';
import { splitList, type ConverterFormat } from '../converter-format.ts';
import { createSwfParser, swfPreset, type SwfPreset, type SwfSpec } from '../swf-converter.ts';

const PRESETS: readonly SwfPreset[] = ['lpc-egee', 'das2-fs2', 'swf'];

/** `hsim convert swf`: arrival = submit time, duration = run time, key = user/executable fields (SPEC §4). */
export const swf: ConverterFormat = {
  name: 'swf',
  description: 'Standard Workload Format logs (Parallel Workloads Archive); columns are SWF field numbers 1–18',
  flags: [
    { spec: '--preset <name>', help: `${PRESETS.join(' | ')} (lpc-egee keeps single-processor jobs; das2-fs2 keys on field 14)` },
    { spec: '--arrival <col>', help: 'field number' },
    { spec: '--duration <col>', help: 'field number' },
    { spec: '--key <cols>', help: 'field numbers, comma-separated, joined by /' },
    { spec: '--class <col>', help: 'field number' },
  ],
  defaults: { '--preset': 'swf', '--arrival': '2', '--duration': '4', '--key': '12,15' },
  resolve: (flags, issues) => {
    const preset = (flags.preset ?? 'swf') as SwfPreset;
    if (!PRESETS.includes(preset)) issues.push(msg.convertChoice('--preset', flags.preset, PRESETS));
    const rules: SwfSpec = swfPreset(PRESETS.includes(preset) ? preset : 'swf');
    const field = (flag: string, v: string): number => {
      const n = Number(v);
      if (!/^\d+$/.test(v) || n < 1 || n > 18) issues.push(msg.convertSwfField(flag, v));
      return n;
    };
    if (flags.arrival !== undefined) rules.arrivalField = field('--arrival', flags.arrival);
    if (flags.duration !== undefined) rules.durationField = field('--duration', flags.duration);
    if (flags.key !== undefined) rules.keyFields = splitList(flags.key).map((k) => field('--key', k));
    if (flags.class !== undefined) rules.classField = field('--class', flags.class);
    return { format: 'swf', rules, createParser: () => createSwfParser(rules) };
  },
};
