export interface RequestContext {
  requestId: string;
  user: string;
}

let current: RequestContext | undefined;

/** Runs a request handler with its context available to everything it calls. */
export function withContext<T>(ctx: RequestContext, handler: () => Promise<T>): Promise<T> {
  const previous = current;
  current = ctx;
  return handler().finally(() => {
    current = previous;
  });
}

/** The context of the request being served. */
export function currentContext(): RequestContext {
  if (!current) throw new Error('no request context');
  return current;
}
