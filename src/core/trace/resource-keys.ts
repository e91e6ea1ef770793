// The keys of the outside world's shared state in a trace (runtime/resources.ts, callbacks.ts):
// `file:/abs`, `dir:/abs`, `port:N` and an emitter's event `event:Class#n:type`, split and said
// in words. Here, not in active/ or localize/, because both read them.

/** A resource key (`file:/abs`, `dir:/abs`, `port:N`, `event:Class#n:type`) split, or undefined
 *  for a field. */
export function resourceOf(k: string): { kind: 'file' | 'dir' | 'port' | 'event'; name: string } | undefined {
  const m = /^(file|dir|port|event):(.*)$/s.exec(k);
  return m ? { kind: m[1] as 'file' | 'dir' | 'port' | 'event', name: m[2] } : undefined;
}

/** An emitter event's key as words: `the 'ready' event of Indexer`. */
export function eventText(name: string): string {
  const m = /^(.*)#\d+:(.*)$/s.exec(name);
  return m ? `the '${m[2]}' event of ${m[1]}` : `event ${name}`;
}
