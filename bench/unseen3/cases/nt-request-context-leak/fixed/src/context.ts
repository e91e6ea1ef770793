import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  user: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs a request handler with its context available to everything it calls. */
export function withContext<T>(ctx: RequestContext, handler: () => Promise<T>): Promise<T> {
  return storage.run(ctx, handler);
}

/** The context of the request being served. */
export function currentContext(): RequestContext {
  const current = storage.getStore();
  if (!current) throw new Error('no request context');
  return current;
}
