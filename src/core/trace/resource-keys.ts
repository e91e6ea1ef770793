// The keys of the outside world's shared state in a trace (runtime/resources.ts, callbacks.ts):
// `file:/abs`, `dir:/abs`, `port:N`, an emitter's event `event:Class#n:type` and a timer
// `timer:setTimeout#n` (armed and cleared: writes; fired: a read) and a promise's settlement
// `promise:#n` (resolve, reject: writes; a `.then` registration: a read), split and said
// in words. Here, not in active/ or localize/, because both read them.

/** A resource key (`file:/abs`, `dir:/abs`, `port:N`, `event:Class#n:type`) split, or undefined
 *  for a field. */
export type ResourceKind = 'file' | 'dir' | 'port' | 'event' | 'timer' | 'promise';

export function resourceOf(k: string): { kind: ResourceKind; name: string } | undefined {
  const m = /^(file|dir|port|event|timer|promise):(.*)$/s.exec(k);
  return m ? { kind: m[1] as ResourceKind, name: m[2] } : undefined;
}

/** A promise's key (`promise:#3`) as words: `promise #3`. */
export function promiseText(name: string): string {
  return `promise ${name}`;
}

/** A timer's key (`timer:setTimeout#3`) as words: `the setTimeout timer #3`. */
export function timerText(name: string): string {
  const m = /^(\w+)#(\d+)$/.exec(name);
  return m ? `the ${m[1]} timer #${m[2]}` : `timer ${name}`;
}

/** An emitter event's key as words: `the 'ready' event of Indexer`. */
export function eventText(name: string): string {
  const m = /^(.*)#\d+:(.*)$/s.exec(name);
  return m ? `the '${m[2]}' event of ${m[1]}` : `event ${name}`;
}
