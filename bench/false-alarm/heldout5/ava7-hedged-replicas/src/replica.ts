export interface Answer {
  key: string;
  value: string;
  from: string;
}

/**
 * A stand-in for one replica of a key-value service. A read takes `latencyMs` (or waits at a gate
 * the test opens), fails when the replica is `down`, and stops at once when its signal aborts.
 */
export class Replica {
  calls = 0;
  aborted = 0;
  answered = 0;
  inFlight = 0;
  down = false;
  latencyMs = 1;
  hold?: Promise<void>;

  constructor(readonly name: string) {}

  get(key: string, signal: AbortSignal): Promise<Answer> {
    this.calls++;
    if (signal.aborted) return Promise.reject(signal.reason);
    this.inFlight++;
    return new Promise<Answer>((resolve, reject) => {
      let settled = false;
      const finish = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        this.inFlight--;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        outcome();
      };
      const onAbort = () => finish(() => (this.aborted++, reject(signal.reason)));
      signal.addEventListener('abort', onAbort);
      const respond = () =>
        finish(() => {
          if (this.down) return reject(new Error(`${this.name} is down`));
          this.answered++;
          resolve({ key, value: key.toUpperCase(), from: this.name });
        });
      let timer: NodeJS.Timeout | undefined;
      const hold = this.hold;
      if (hold) hold.then(respond);
      else timer = setTimeout(respond, this.latencyMs);
    });
  }
}
