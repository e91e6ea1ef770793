// mutexify ships no types: its README's promise API.
declare module 'mutexify/promise' {
  interface Lock {
    (): Promise<() => void>;
    readonly locked: boolean;
  }
  function mutexify(): Lock;
  export = mutexify;
}
