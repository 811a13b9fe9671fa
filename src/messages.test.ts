// The message modules of every floor (src/messages.ts and each floor's messages.ts): headlines over collected issues,
// and messages that carry their location, value and expectation.
import { describe, expect, it } from 'vitest';
import * as msg from './messages.ts';
import * as analysisMsg from '../analysis/messages.ts';
import * as brokerMsg from '../broker/messages.ts';
import * as cliMsg from '../cli/messages.ts';
import * as experimentsMsg from '../experiments/messages.ts';
import * as replayMsg from '../replay/messages.ts';
import * as reportsMsg from '../reports/messages.ts';
import * as simMsg from '../sim/messages.ts';
import * as tracesMsg from '../traces/messages.ts';

describe('headlines over collected issues', () => {
  it('is the issue itself when there is one', () => {
    expect(experimentsMsg.problemsIn('x.json', ['x.json → loads: found 2; expected a load'])).toBe('x.json → loads: found 2; expected a load');
    expect(msg.invalidPredictorParams(['only'])).toBe('only');
    expect(cliMsg.badOptions(['only'])).toBe('only');
  });

  it('counts several, naming the file or gate', () => {
    expect(experimentsMsg.problemsIn('x.json', ['a', 'b'])).toBe('2 problems in x.json:');
    expect(analysisMsg.problemsInGate('g.json', ['a', 'b', 'c'])).toBe('3 problems in gate file g.json:');
    expect(analysisMsg.problemsEvaluatingGate('g1', ['a', 'b'])).toBe('2 problems evaluating gate g1:');
    expect(experimentsMsg.problemsWithOptions(['a', 'b'])).toBe('2 problems with the options');
    expect(msg.invalidPredictorParams(['a', 'b'])).toBe('invalid predictor parameters');
  });

  it('always counts for a command, singular for one', () => {
    expect(simMsg.commandProblems('compare', 1)).toBe('compare: 1 problem');
    expect(simMsg.commandOptionProblems('simulate', 2)).toBe('simulate: 2 problems with the options');
  });
});

describe('located messages', () => {
  it('say the option, what was found and what was expected', () => {
    expect(experimentsMsg.jobsOutOfRange('0')).toBe('option --jobs: "0"; expected an integer from 1 to 256');
    expect(cliMsg.integerAtLeast('--n', '10', 1000)).toBe('option --n: 10; expected an integer ≥ 1000');
    expect(replayMsg.brokerUrlScheme('--broker', 'http', 'http://h')).toBe(
      'option --broker: scheme "http" in "http://h"; expected amqp://user:pass@host:port, rabbitmq://…, redis://host:port or harbinger://host:port');
    expect(simMsg.loadTooFewRows(0.8, 1)).toBe('option --load: 0.8 with 1 evaluation rows; expected at least 2 evaluation rows to scale arrivals (use --load as-is)');
  });

  it('say the file (and line) for file problems', () => {
    expect(tracesMsg.traceEmpty('t.csv', 'arrival_ms,duration_ms,key')).toBe('t.csv:1: the file is empty; expected the header arrival_ms,duration_ms,key');
    expect(msg.snapshotUnreadable('w.snap', 'ENOENT')).toBe('w.snap: found no such file; expected a predictor snapshot file');
    expect(msg.snapshotUnreadable('w.snap', 'EACCES')).toBe('w.snap: could not be read (EACCES); expected a predictor snapshot file');
  });

  it('add the hint only where it helps', () => {
    expect(brokerMsg.queueMissing('q')).toBe('queue "q" does not exist');
    expect(brokerMsg.queueMissing('q', true)).toBe('queue "q" does not exist; create it with CreateQueue');
    expect(cliMsg.replayInvalid(['a', 'b'])).toBe('replay is invalid (not a result):\n  - a\n  - b');
  });
});

describe('messages moved from their throw sites (texts as the sites wrote them)', () => {
  it('count fields in the singular and plural, and name the columns', () => {
    expect(tracesMsg.traceTooFewFields('t.csv', 4, 1, ['arrival_ms', 'duration_ms', 'key'])).toBe('t.csv:4: the row has 1 field; expected 3 fields (arrival_ms,duration_ms,key)');
    expect(tracesMsg.traceTooFewFields('t.csv', 4, 2, ['arrival_ms', 'duration_ms', 'key'])).toBe('t.csv:4: the row has 2 fields; expected 3 fields (arrival_ms,duration_ms,key)');
  });

  it('say an empty number field apart from a bad one, with what its column holds', () => {
    expect(tracesMsg.traceBadNumber('t.csv', 2, 'duration_ms', '')).toBe('t.csv:2: duration_ms is empty; expected a finite number ≥ 0');
    expect(tracesMsg.traceBadNumber('t.csv', 2, 'size_bytes', '1.5')).toBe('t.csv:2: size_bytes is "1.5"; expected an integer ≥ 0 (or empty)');
  });

  it('list parameter names with "or" before the last', () => {
    expect(simMsg.unknownArmParam('option --set x=1', 'x', ['a', 'b', 'c'])).toBe('option --set x=1: unknown parameter "x"; expected a, b or c');
  });

  it('name the worker count only when it is known', () => {
    expect(replayMsg.handlerProcessesOutOfRange('9', 4)).toBe('option --handler-processes: "9"; expected an integer from 1 to --workers (4)');
    expect(replayMsg.handlerProcessesOutOfRange('9', null)).toBe('option --handler-processes: "9"; expected an integer from 1 to --workers');
  });

  it('shorten long hashes and long issue lists', () => {
    expect(reportsMsg.gateForOtherTrace('g', 'a'.repeat(64), null)).toBe(`gate g is for trace ${'a'.repeat(12)}…, the results are of trace unknown…`);
    expect(reportsMsg.reportResultInvalid('r.json', ['1', '2', '3', '4', '5', '6', '7'])).toBe('r.json: skipped: not a valid result file: 1; 2; 3; 4; 5; and 2 more');
    expect(reportsMsg.reportResultInvalid('r.json', ['1'])).toBe('r.json: skipped: not a valid result file: 1');
  });

  it('allow aging=<ms> on ideal arms only where the routing ages', () => {
    expect(simMsg.levelFlagsOnIdealArm('sjf', ['weights'], true)).toBe('option --arm sjf: flag "weights" on "sjf", a continuous-priority order without levels; expected no flag but aging=<ms>');
    expect(simMsg.levelFlagsOnIdealArm('srpt', ['pausing', 'aging'], false)).toBe('option --arm srpt: flag "pausing", "aging" on "srpt", a continuous-priority order without levels; expected no scheduling flags');
  });
});
