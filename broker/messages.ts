// User-facing texts of the Harbinger broker: requests, limits, leases.
// One named function per message; the texts several floors share are in src/messages.ts.

/** CreateQueue with an empty name (gRPC INVALID_ARGUMENT). */
export function queueNameEmpty(): string {
  return 'queue name is empty';
}
/** CreateQueue with a name in use. */
export function queueExists(queue: string): string {
  return `queue "${queue}" already exists`;
}
/** A call on a queue that does not exist (`hint` adds what to do). */
export function queueMissing(queue: string, hint = false): string {
  return `queue "${queue}" does not exist${hint ? '; create it with CreateQueue' : ''}`;
}
/** Submit with an id the queue has seen. */
export function messageIdTaken(id: string): string {
  return `message id "${id}" already submitted`;
}
/** A Submit refused because the queue holds as many messages as it may (RESOURCE_EXHAUSTED: backpressure). */
export function queueFullMessages(held: number, max: number): string {
  return `queue holds ${held} messages, its capacity (max_messages ${max}); retry after consumers catch up`;
}
/** Ack or Nack with a delivery token that settles nothing (stale, settled already, or never issued). */
export function staleToken(token: string): string {
  return `token "${token}" does not settle a current delivery (stale, settled or unknown)`;
}
/** A call without the broker's shared secret (UNAUTHENTICATED). */
export function brokerUnauthenticated(): string {
  return 'missing or wrong broker token (metadata "authorization: Bearer <token>")';
}
/** A CreateQueue or Submit refused because the broker's memory budget is spent (RESOURCE_EXHAUSTED). */
export function brokerMemoryFull(what: string, bytes: number, used: number, limit: number): string {
  return `broker memory: ${what} needs ${bytes} bytes, and ${used} of the broker's ${limit} are held (--max-memory-bytes ${limit}); retry after consumers catch up or queues are deleted, or start the broker with a larger --max-memory-bytes`;
}
/** A CreateQueue refused because the broker holds as many queues as it may (RESOURCE_EXHAUSTED). */
export function brokerQueuesFull(held: number, max: number): string {
  return `broker holds ${held} queues, its limit (--max-queues ${max}); delete a queue first, or start the broker with a larger --max-queues`;
}
/** A Submit refused because the message's payload, id and key would pass the queue's byte capacity. */
export function queueFullHeldBytes(held: number, more: number, max: number): string {
  return `queue holds ${held} bytes of payloads, ids and keys; ${more} more would pass its capacity (max_bytes ${max}); retry after consumers catch up`;
}
/** A Consume request asking for a second delivery while the session's previous one is unsettled (FAILED_PRECONDITION). */
export function consumeOneInFlight(): string {
  return 'Consume: one delivery in flight per session; acknowledge it (ack_token) or settle it before asking for the next';
}
