/** Resolves with fn's result after a database round trip. */
function roundTrip(fn, ms = 1) {
  return new Promise((resolve) => setTimeout(() => resolve(fn()), ms));
}

/** The outbox table: messages written in the same transaction as the business change. */
export class OutboxStore {
  constructor() {
    this.rows = [];
    this.nextId = 1;
  }

  add(topic, body) {
    const row = { id: this.nextId++, topic, body, status: 'pending' };
    this.rows.push(row);
    return row.id;
  }

  pending(limit) {
    return roundTrip(() =>
      this.rows.filter((r) => r.status === 'pending').slice(0, limit).map((r) => ({ ...r })),
    );
  }

  markSent(id) {
    return roundTrip(() => {
      const row = this.rows.find((r) => r.id === id);
      if (row) row.status = 'sent';
    });
  }

  count(status) {
    return this.rows.filter((r) => r.status === status).length;
  }
}
