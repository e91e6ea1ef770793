/** A message broker client; keeps what it published so tests can look. */
export class FakeBroker {
  constructor(latencyMs = 2) {
    this.latencyMs = latencyMs;
    this.published = [];
  }

  publish(topic, body) {
    return new Promise((resolve) => {
      setTimeout(() => {
        this.published.push({ topic, body });
        resolve();
      }, this.latencyMs);
    });
  }

  topics() {
    return this.published.map((m) => m.topic);
  }
}
