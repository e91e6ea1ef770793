import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  user: string;
}

/** The request being served, carried across callbacks and awaits by AsyncLocalStorage. */
const requestContext = new AsyncLocalStorage<RequestContext>();

export function withRequest<T>(ctx: RequestContext, work: () => Promise<T>): Promise<T> {
  return requestContext.run(ctx, work);
}

export function currentRequestId(): string {
  return requestContext.getStore()?.requestId ?? '-';
}

export function currentUser(): string {
  return requestContext.getStore()?.user ?? 'anonymous';
}

export interface LogEntry {
  requestId: string;
  kind: 'query' | 'audit';
  text: string;
}

/** Structured log lines, each tagged with the request it belongs to. */
const lines: LogEntry[] = [];

export function log(kind: LogEntry['kind'], text: string): void {
  lines.push({ requestId: currentRequestId(), kind, text });
}

export function logLines(filter?: Partial<LogEntry>): LogEntry[] {
  return lines.filter((l) => (!filter?.kind || l.kind === filter.kind) && (!filter?.requestId || l.requestId === filter.requestId));
}

export function clearLog(): void {
  lines.length = 0;
}
