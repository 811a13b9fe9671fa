// What each broker can run: RabbitMQ and BullMQ give strict priority only; the Harbinger broker runs every level arm.
import * as msg from './messages.ts';
import type { BrokerKind } from './broker-url.ts';

/** The scheduling an arm asks for, as far as a broker is concerned. */
export interface ArmNeeds {
  readonly text: string;
  readonly perKeyQueues: boolean;
  readonly weighted: boolean;
  readonly aging: boolean;
  readonly pausing: boolean;
}

/**
 * Returns why `broker` cannot run the arm (one sentence naming the feature and the way out), or null when it can.
 * RabbitMQ and BullMQ have priorities but no aging and no weighted shares; no broker runs per-key queues.
 */
export function armUnsupportedReason(broker: BrokerKind, arm: ArmNeeds): string | null {
  if (arm.perKeyQueues) return msg.brokerNoPerKeyQueues(arm.text);
  if (broker === 'harbinger') return null;
  const name = broker === 'amqp' ? 'RabbitMQ' : 'BullMQ';
  if (arm.aging) return msg.brokerCannotAge(arm.text, name);
  if (arm.weighted) return msg.brokerCannotWeigh(arm.text, name);
  if (arm.pausing) return msg.brokerCannotPause(arm.text, name);
  return null;
}
