// Huawei Cloud 2025 request trace (end time minus front-end cost, worker cost, body size): one format of `hsim convert`.
import * as msg from '../messages.ts';
import type { ConverterFormat } from '../converter-format.ts';
import { resolveTableSpec, TABLE_FLAGS, tableDefaultsText, type TableDefaults } from '../table-flags.ts';

const DEFAULTS: TableDefaults = {
  exactHeader: null,
  unit: 's',
  end: 'time_frontend',
  endMinus: 'totalCost_frontend',
  duration: 'totalCost_worker',
  key: ['funcName'],
  keyJoin: '---',
  size: 'requestBodySize',
};

/** The key columns of each `--key-mode`. */
const KEY_MODES: Readonly<Record<string, string[]>> = { func: ['funcName'], 'user-func': ['userID', 'funcName'] };

/** `hsim convert huawei2025`: arrival = time_frontend − totalCost_frontend, key funcName or userID---funcName (SPEC §4). */
export const huawei2025: ConverterFormat = {
  name: 'huawei2025',
  description: 'Huawei Cloud 2025 requests (time_frontend, totalCost_frontend/worker, requestBodySize; seconds)',
  flags: [...TABLE_FLAGS, { spec: '--key-mode <mode>', help: 'func | user-func (userID---funcName); ignored when --key is given' }],
  defaults: { ...tableDefaultsText(DEFAULTS), '--key-mode': 'func' },
  resolve: (flags, issues) => {
    const mode = flags.keyMode ?? 'func';
    const key = KEY_MODES[mode];
    if (key === undefined) issues.push(msg.convertChoice('--key-mode', mode, Object.keys(KEY_MODES)));
    return resolveTableSpec('huawei2025', flags, { ...DEFAULTS, key: key ?? DEFAULTS.key }, issues);
  },
};
