/** Request counters, kept per reporting window in module state. */

export interface Report {
  seq: number;
  counts: Record<string, number>;
  total: number;
}

interface Window {
  seq: number;
  counts: Map<string, number>;
}

type Sink = (report: Report) => Promise<void>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let seq = 0;
let current: Window = { seq: 0, counts: new Map() };
let sink: Sink = async () => {};
let shipping: Promise<void> = Promise.resolve();
const routeTemplates = new Map<string, string>();
let lookupMs = 2;

/** Where reports go (a collector over the network, in production). */
export const setSink = (next: Sink): void => {
  sink = next;
};

/** Forgets every window, route and sink: a fresh meter. */
export const resetMetrics = (options: { lookupMs?: number } = {}): void => {
  seq = 0;
  current = { seq: 0, counts: new Map() };
  sink = async () => {};
  shipping = Promise.resolve();
  routeTemplates.clear();
  lookupMs = options.lookupMs ?? 2;
};

export const registerRoute = (pattern: RegExp, template: string): void => {
  routeTemplates.set(pattern.source, template);
};

/** Maps a path to its route template; a round trip to the shared route registry. */
const templateFor = async (path: string): Promise<string> => {
  await sleep(1 + Math.floor(Math.random() * lookupMs));
  for (const [source, template] of routeTemplates) if (new RegExp(source).test(path)) return template;
  return 'unmatched';
};

/** Adds one to the counter `name{labels}` in the current window. */
export const count = async (name: string, path: string, status: number): Promise<void> => {
  const route = await templateFor(path);
  const window = current;
  const key = `${name}{route="${route}",status="${status}"}`;
  window.counts.set(key, (window.counts.get(key) ?? 0) + 1);
};

/** Closes the current window, opens the next one and ships the closed one's report, in window order. */
export const rotate = (): Promise<void> => {
  const closed = current;
  current = { seq: ++seq, counts: new Map() };
  const counts = Object.fromEntries(closed.counts);
  const report: Report = { seq: closed.seq, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) };
  shipping = shipping.then(() => sink(report));
  return shipping;
};

export const pendingCounts = (): number => [...current.counts.values()].reduce((a, b) => a + b, 0);
