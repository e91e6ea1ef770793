import { setTimeout as sleep } from 'node:timers/promises';

/** A storage round trip: a few milliseconds, different each time. */
export function jitter() {
  return 1 + Math.floor(Math.random() * 4);
}

/** Where channels and what is published on them are kept. */
export class ChannelStore {
  constructor(latency = jitter) {
    this.latency = latency;
    this.channels = new Map();
  }

  async open(id, topic) {
    await sleep(this.latency());
    const channel = { id, topic, items: [], closed: false };
    this.channels.set(id, channel);
    return channel;
  }

  async append(id, item) {
    await sleep(1);
    this.channels.get(id).items.push(item);
  }

  async close(id) {
    await sleep(1);
    this.channels.get(id).closed = true;
  }

  items(id) {
    return this.channels.get(id)?.items ?? [];
  }
}
