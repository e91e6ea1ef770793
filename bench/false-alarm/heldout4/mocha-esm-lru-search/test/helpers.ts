export const documents = ['react', 'reactive streams', 'read a file', 'ready state', 'redux', 'regex', 'rust', 'ruby', 'rollup'];

export function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

export const jitter = () => new Promise<void>((resolve) => setTimeout(resolve, Math.floor(Math.random() * 5)));
