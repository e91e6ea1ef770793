// Methods that change their Array / Map / Set receiver: a call of one is a write of the receiver.
// Shared by the static access maps (002 §3.1), the instrumenter and the recorder.
export const MUTATING_METHODS: ReadonlySet<string> = new Set([
  'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin',
  'set', 'delete', 'clear', 'add',
]);
