export type Frame = { op: 'sub' | 'unsub'; topic: string; client: string };
export type Callback = (error?: Error | null) => void;
export type Handler = (payload: string) => void;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A pub/sub broker: each client's frames are handled in order, after a network delay; acks are callbacks. */
export class FakeBroker {
  private readonly subscribers = new Map<string, Set<string>>();
  private readonly clients = new Map<string, PubSubClient>();
  private lane: Promise<void> = Promise.resolve();

  connect(client: PubSubClient): void {
    this.clients.set(client.id, client);
  }

  send(frame: Frame, ack: Callback): void {
    this.lane = this.lane.then(async () => {
      await pause(1 + Math.floor(Math.random() * 3));
      const set = this.subscribers.get(frame.topic) ?? new Set<string>();
      if (frame.op === 'sub') set.add(frame.client);
      else set.delete(frame.client);
      this.subscribers.set(frame.topic, set);
      setImmediate(ack, null);
    });
  }

  publish(topic: string, payload: string): number {
    const ids = [...(this.subscribers.get(topic) ?? [])];
    for (const id of ids) this.clients.get(id)?.deliver(topic, payload);
    return ids.length;
  }

  subscriberCount(topic: string): number {
    return this.subscribers.get(topic)?.size ?? 0;
  }
}

let nextClient = 1;

/** One connection to the broker shared by every panel; a topic is subscribed once, however many panels show it. */
export class PubSubClient {
  readonly id = `c${nextClient++}`;
  private readonly topics = new Map<string, Set<Handler>>();
  strays = 0;

  constructor(private readonly broker: FakeBroker) {
    broker.connect(this);
  }

  subscribe = (topic: string, handler: Handler, done: Callback): void => {
    const existing = this.topics.get(topic);
    if (existing) {
      existing.add(handler);
      process.nextTick(done);
      return;
    }
    // Registered before the broker answers, so an unsubscribe meanwhile finds it; the broker handles
    // this client's frames in order, so its UNSUB is applied after this SUB.
    const handlers = new Set([handler]);
    this.topics.set(topic, handlers);
    this.broker.send({ op: 'sub', topic, client: this.id }, (error) => {
      if (error && this.topics.get(topic) === handlers) this.topics.delete(topic);
      done(error);
    });
  };

  unsubscribe = (topic: string, handler: Handler, done: Callback): void => {
    const handlers = this.topics.get(topic);
    if (!handlers || !handlers.delete(handler) || handlers.size > 0) {
      process.nextTick(done);
      return;
    }
    this.topics.delete(topic);
    this.broker.send({ op: 'unsub', topic, client: this.id }, done);
  };

  deliver(topic: string, payload: string): void {
    const handlers = this.topics.get(topic);
    if (!handlers || handlers.size === 0) this.strays++;
    else for (const handler of handlers) handler(payload);
  }
}
