export interface Reminder {
  id: string;
  sendAt: number;
  phone: string;
  text: string;
}

export type JournalEntry = { op: 'insert'; at: number; reminder: Reminder } | { op: 'remove'; id: string };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The replication journal: followers rebuild the queue by replaying its entries in order. */
export function createJournal(latency: [number, number] = [1, 10]) {
  const entries: JournalEntry[] = [];
  return {
    get length() {
      return entries.length;
    },
    async append(entry: JournalEntry): Promise<void> {
      const [min, max] = latency;
      await sleep(min + Math.floor(Math.random() * (max - min + 1)));
      entries.push(structuredClone(entry));
    },
    /** What a follower holds after replaying the journal. */
    replay(): Reminder[] {
      const replica: Reminder[] = [];
      for (const entry of entries) {
        if (entry.op === 'insert') replica.splice(entry.at, 0, entry.reminder);
        else {
          const index = replica.findIndex((r) => r.id === entry.id);
          if (index >= 0) replica.splice(index, 1);
        }
      }
      return replica;
    },
  };
}

export type Journal = ReturnType<typeof createJournal>;

/** Reminders sorted by sendAt (ties in booking order); every change is journaled before it applies. */
export function createReminderQueue(journal: Journal) {
  const reminders: Reminder[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(work);
    tail = run.catch(() => undefined);
    return run;
  };

  /** First index whose reminder is due strictly later than sendAt. */
  const positionFor = (sendAt: number): number => {
    let lo = 0;
    let hi = reminders.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (reminders[mid].sendAt <= sendAt) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  return {
    get size(): number {
      return reminders.length;
    },
    get snapshot(): Reminder[] {
      return reminders.map((r) => ({ ...r }));
    },
    // Changes run one at a time: the position is computed, journaled and applied before the next
    // change computes its own, so journal order is apply order and every position is current.
    add(reminder: Reminder): Promise<number> {
      return serial(async () => {
        const at = positionFor(reminder.sendAt);
        await journal.append({ op: 'insert', at, reminder });
        reminders.splice(at, 0, reminder);
        return at;
      });
    },
    remove(id: string): Promise<boolean> {
      return serial(async () => {
        if (!reminders.some((r) => r.id === id)) return false;
        await journal.append({ op: 'remove', id });
        const index = reminders.findIndex((r) => r.id === id);
        if (index >= 0) reminders.splice(index, 1);
        return index >= 0;
      });
    },
    /** Takes the reminders due at `now` from the front. */
    takeDue(now: number): Reminder[] {
      const due: Reminder[] = [];
      while (reminders.length > 0 && reminders[0].sendAt <= now) due.push(reminders.shift()!);
      return due;
    },
  };
}

export type ReminderQueue = ReturnType<typeof createReminderQueue>;
