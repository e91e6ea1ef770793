/** Moves messages from the outbox to the broker, in the order they were written. */
export class OutboxRelay {
  constructor(store, broker, { batchSize = 10 } = {}) {
    this.store = store;
    this.broker = broker;
    this.batchSize = batchSize;
    this.relayed = 0;
    this.timer = null;
    this.errors = [];
    this.tail = Promise.resolve();
  }

  /** Publishes the pending messages and marks each one sent; resolves with how many it published. */
  flush() {
    const run = this.tail.then(() => this.flushBatch());
    this.tail = run.catch(() => {});
    return run;
  }

  flushBatch() {
    return this.store.pending(this.batchSize).then((rows) =>
      rows
        .reduce(
          (chain, row) =>
            chain
              .then(() => this.broker.publish(row.topic, row.body))
              .then(() => this.store.markSent(row.id))
              .then(() => {
                this.relayed++;
              }),
          Promise.resolve(),
        )
        .then(() => rows.length),
    );
  }

  /** Flushes every `intervalMs` in the background. */
  start(intervalMs) {
    this.timer = setInterval(() => {
      this.flush().catch((err) => this.errors.push(err));
    }, intervalMs);
  }

  /** Stops the timer and drains what is left. */
  stop() {
    clearInterval(this.timer);
    this.timer = null;
    return this.flush();
  }
}
