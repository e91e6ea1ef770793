export class DeadlineExceeded extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

export interface WatchdogOptions {
  warnMs: number;
  deadlineMs: number;
  onSlow?: () => void;
}

export const SHORT = { warnMs: 13, deadlineMs: 120 };

/**
 * Runs `work` with a warning timer and a deadline timer, both set in the same turn. The code
 * relies on Node firing the far shorter warning first: a job that times out was always reported
 * slow before, so `log` always reads `slow` before `deadline`.
 */
export function watch<T>(work: Promise<T>, opts: WatchdogOptions = SHORT, log: string[] = []): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const warn = setTimeout(() => {
      log.push('slow');
      opts.onSlow?.();
    }, opts.warnMs);
    const deadline = setTimeout(() => {
      settled = true;
      log.push('deadline');
      reject(new DeadlineExceeded(opts.deadlineMs));
    }, opts.deadlineMs);
    const finish = () => {
      clearTimeout(warn);
      clearTimeout(deadline);
    };
    work.then(
      (value) => {
        finish();
        if (!settled) resolve(value);
      },
      (err) => {
        finish();
        if (!settled) reject(err);
      },
    );
  });
}
