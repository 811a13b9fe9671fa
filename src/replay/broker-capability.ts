// What each broker can run: RabbitMQ and BullMQ give strict priority only; the Harbinger broker runs every level arm.
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
  if (arm.perKeyQueues) return `arm "${arm.text}" needs one queue per key, which no replay broker provides`;
  if (broker === 'harbinger') return null;
  const name = broker === 'amqp' ? 'RabbitMQ' : 'BullMQ';
  if (arm.aging) return `arm "${arm.text}" ages messages, which ${name} cannot do (add +no-aging, or use harbinger://)`;
  if (arm.weighted) return `arm "${arm.text}" uses weighted shares, which ${name} cannot do (strict priority only; use harbinger://)`;
  if (arm.pausing) return `arm "${arm.text}" uses pausing, which ${name} cannot do`;
  return null;
}
