// The callback-registering functions callbacks.ts wraps, by name: shared with the instrumenter,
// which marks their calls in instrumented code (recorder `cs`), so the runtime learns a
// registration's site without capturing the stack on every call.

/** fs functions whose last argument is a completion callback. */
export const FS_CALLBACK_APIS = [
  'access', 'appendFile', 'chmod', 'chown', 'close', 'copyFile', 'cp', 'exists', 'fdatasync', 'fstat', 'fsync', 'ftruncate', 'lchown', 'link',
  'lstat', 'lutimes', 'mkdir', 'mkdtemp', 'open', 'opendir', 'read', 'readdir', 'readFile', 'readlink', 'readv', 'realpath', 'rename', 'rm',
  'rmdir', 'stat', 'symlink', 'truncate', 'unlink', 'utimes', 'write', 'writeFile', 'writev',
];

/** Names whose calls the instrumenter marks: timers, microtasks, promise reactions, listeners,
 *  fs calls (callback, promise and synchronous forms, whose accesses resources.ts records). A
 *  marked call that reaches no wrapper costs one function call. */
export const CALLBACK_API_NAMES: ReadonlySet<string> = new Set([
  'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'nextTick', 'then', 'catch', 'finally', 'on', 'addListener', 'prependListener',
  ...FS_CALLBACK_APIS, ...FS_CALLBACK_APIS.map((name) => `${name}Sync`),
]);
