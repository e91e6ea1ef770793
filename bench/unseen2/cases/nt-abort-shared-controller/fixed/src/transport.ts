/** A fake HTTP transport: each path answers after its own latency, and honours an AbortSignal as fetch does. */
export class FakeTransport {
  readonly log: string[] = [];

  constructor(private readonly routes: Record<string, { body: string; latencyMs: number }>) {}

  fetch(path: string, signal: AbortSignal): Promise<string> {
    this.log.push(path);
    const route = this.routes[path.split('?')[0]];
    if (!route) return Promise.reject(new Error(`404 ${path}`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(route.body);
      }, route.latencyMs);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new DOMException('The operation was aborted', 'AbortError'));
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}
