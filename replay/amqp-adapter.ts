// RabbitMQ adapter (amqplib): a per-run classic queue with x-max-priority = L, prefetch 1 per consumer channel.
import amqp from 'amqplib';
import type { Channel, ChannelModel, ConsumeMessage } from 'amqplib';
import { InputError } from '../src/errors.ts';
import * as msg from './messages.ts';
import type { BrokerAddress } from './broker-url.ts';
import type { BrokerAdapter, DeliveryHandler, QueueSetup } from './broker-adapter.ts';

/** Level 0 is served first: priority = L − 1 − level (RabbitMQ serves the highest priority first). */
export function amqpPriority(level: number, levels: number): number {
  return levels - 1 - level;
}

/** A RabbitMQ connection for one run. */
export class AmqpAdapter implements BrokerAdapter {
  private conn: ChannelModel | null = null;
  private pub: Channel | null = null;
  private consumers: Channel[] = [];
  private setup: QueueSetup | null = null;
  private failure: (reason: string) => void = () => undefined;
  private closing = false;

  constructor(private readonly addr: BrokerAddress) {}

  onFailure(cb: (reason: string) => void): void {
    this.failure = cb;
  }

  async open(setup: QueueSetup): Promise<void> {
    this.setup = setup;
    try {
      // Nagle's algorithm would hold small acks and publishes back by up to 40 ms each.
      this.conn = await amqp.connect(this.addr.url, { noDelay: true });
    } catch (err) {
      throw new InputError(msg.rabbitConnectFailed(this.addr.display, (err as Error).message));
    }
    this.conn.on('error', (err: Error) => this.fail(`connection error: ${err.message}`));
    this.conn.on('close', () => this.fail('connection to RabbitMQ closed'));
    this.pub = await this.conn.createChannel();
    this.pub.on('error', (err: Error) => this.fail(`channel error: ${err.message}`));
    const args: Record<string, unknown> = setup.priorities ? { 'x-max-priority': setup.levels } : {};
    // Durable queue, non-persistent messages (BROKERS.md: forward compatible with 4.x, same speed).
    await this.pub.assertQueue(setup.queue, { durable: true, autoDelete: false, arguments: args });
  }

  publish(id: number, key: string, level: number | null, _costMs: number): void {
    const s = this.setup!;
    const body = Buffer.from(JSON.stringify({ id, key }));
    const opts = s.priorities && level !== null ? { priority: amqpPriority(level, s.levels), persistent: false } : { persistent: false };
    try {
      this.pub!.sendToQueue(s.queue, body, opts);
    } catch (err) {
      // A channel closed by the broker (e.g. it shut down) throws here: the run is then invalid, not crashed.
      this.fail(`publish failed: ${(err as Error).message}`);
    }
  }

  async consume(n: number, handle: DeliveryHandler): Promise<void> {
    const s = this.setup!;
    for (let w = 0; w < n; w++) {
      const ch = await this.conn!.createChannel();
      ch.on('error', (err: Error) => this.fail(`consumer channel error: ${err.message}`));
      await ch.prefetch(1);
      await ch.consume(s.queue, (msg: ConsumeMessage | null) => {
        // A deleted queue (or a broker-side cancel) delivers null to a live consumer.
        if (msg === null) {
          this.fail('consumer cancelled by the broker (queue deleted?)');
          return;
        }
        const { id } = JSON.parse(msg.content.toString('utf8')) as { id: number };
        const level = msg.properties.priority === undefined ? 0 : amqpPriority(msg.properties.priority as number, s.levels);
        handle(id, { level, outcome: -1 }, w).then(
          () => {
            if (this.closing) return;
            try {
              ch.ack(msg);
            } catch (err) {
              this.fail(`ack failed: ${(err as Error).message}`);
            }
          },
          (err: Error) => this.fail(`handler failed: ${err.message}`),
        );
      }, { noAck: false });
      this.consumers.push(ch);
    }
  }

  deadLetters(): Promise<number> {
    return Promise.resolve(0);
  }

  async close(): Promise<void> {
    this.closing = true;
    const conn = this.conn;
    if (conn === null) return;
    try {
      await this.pub?.deleteQueue(this.setup!.queue);
    } catch {
      // The queue or connection may already be gone (a failed run); nothing to clean.
    }
    await conn.close().catch(() => undefined);
  }

  private fail(reason: string): void {
    if (!this.closing) this.failure(reason);
  }
}
