export type Handler<E> = (event: E) => Promise<void>;

/** Delivers each published event to the subscribers, one after another, awaiting each. */
export class EventBus<E> {
  private readonly handlers: Handler<E>[] = [];

  subscribe(handler: Handler<E>): () => void {
    this.handlers.push(handler);
    const unsubscribe = (): void => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
    return unsubscribe;
  }

  async publish(event: E): Promise<number> {
    let delivered = 0;
    for (const handler of [...this.handlers]) {
      if (!this.handlers.includes(handler)) continue;
      await handler(event);
      delivered++;
    }
    return delivered;
  }

  get size(): number {
    return this.handlers.length;
  }
}
