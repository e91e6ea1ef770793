import pAny from 'p-any';
import { Answer, Replica } from './replica.js';

export class ReadTimeout extends Error {
  constructor(key: string, ms: number) {
    super(`read of ${key} took longer than ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export interface ReadOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Reads from the primary; if it has not answered after `hedgeAfterMs` (or as soon as it fails),
 * the same read goes to the backup. The first answer wins; then the hedge timer is cleared and the
 * other read is aborted. The caller's signal and a timeout abort both reads through one signal
 * (AbortSignal.any). The timeout is a timer of our own, cleared when the read ends: the timer of
 * AbortSignal.timeout() is unref'd, and would not keep a process alive that waits on nothing else.
 */
export class HedgedClient {
  hedges = 0;

  constructor(readonly primary: Replica, readonly backup: Replica, readonly hedgeAfterMs: number) {}

  async get(key: string, options: ReadOptions = {}): Promise<Answer> {
    const done = new AbortController();
    const expired = new AbortController();
    const sources = [done.signal, expired.signal];
    if (options.signal) sources.push(options.signal);
    const signal = AbortSignal.any(sources);
    const ms = options.timeoutMs;
    const deadline = ms === undefined ? undefined : setTimeout(() => expired.abort(new ReadTimeout(key, ms)), ms);

    let timer: NodeJS.Timeout | undefined;
    const first = this.primary.get(key, signal);
    const second = new Promise<Answer>((resolve, reject) => {
      const start = () => {
        if (timer === undefined) return;
        clearTimeout(timer);
        timer = undefined;
        this.hedges++;
        this.backup.get(key, signal).then(resolve, reject);
      };
      timer = setTimeout(start, this.hedgeAfterMs);
      first.catch(start);
      signal.addEventListener('abort', () => {
        if (timer === undefined) return;
        clearTimeout(timer);
        timer = undefined;
        reject(signal.reason);
      }, { once: true });
    });

    try {
      return await pAny([first, second]);
    } catch (err) {
      throw signal.aborted ? signal.reason : err;
    } finally {
      clearTimeout(deadline);
      done.abort(new Error(`read of ${key} finished`));
    }
  }
}
