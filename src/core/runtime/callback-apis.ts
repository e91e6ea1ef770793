// The callback-registering functions callbacks.ts wraps, by name: shared with the instrumenter,
// which marks their calls in instrumented code (recorder `cs`), so the runtime learns a
// registration's site without capturing the stack on every call.

/** fs functions whose last argument is a completion callback (their fs/promises forms too). */
export const FS_CALLBACK_APIS = [
  'access', 'appendFile', 'chmod', 'chown', 'close', 'copyFile', 'cp', 'exists', 'fdatasync', 'fstat', 'fsync', 'ftruncate', 'lchown', 'link',
  'lstat', 'lutimes', 'mkdir', 'mkdtemp', 'open', 'opendir', 'read', 'readdir', 'readFile', 'readlink', 'readv', 'realpath', 'rename', 'rm',
  'rmdir', 'stat', 'symlink', 'truncate', 'unlink', 'utimes', 'write', 'writeFile', 'writev',
];

const DNS_APIS = [
  'lookup', 'lookupService', 'resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname', 'resolveMx', 'resolveNaptr', 'resolveNs',
  'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTxt', 'reverse',
];

/** Other builtins' functions whose last argument is an I/O completion callback (thread pool, DNS,
 *  a child process): module → functions. */
export const IO_CALLBACK_APIS: Record<string, string[]> = {
  dns: DNS_APIS,
  zlib: ['brotliCompress', 'brotliDecompress', 'deflate', 'deflateRaw', 'gunzip', 'gzip', 'inflate', 'inflateRaw', 'unzip'],
  crypto: ['checkPrime', 'generateKey', 'generateKeyPair', 'generatePrime', 'hkdf', 'pbkdf2', 'randomBytes', 'randomFill', 'randomInt', 'scrypt'],
  child_process: ['exec', 'execFile'],
};

/** Promise forms whose settlement is an I/O completion: module → functions. */
export const IO_PROMISE_APIS: Record<string, string[]> = {
  'fs/promises': FS_CALLBACK_APIS,
  'dns/promises': DNS_APIS,
  'stream/promises': ['finished', 'pipeline'],
};

/** Names whose calls the instrumenter marks: timers, microtasks, promise reactions, listeners, emits,
 *  I/O calls (callback, promise and synchronous fs forms, whose accesses resources.ts records).
 *  A marked call that reaches no wrapper costs one function call. */
export const CALLBACK_API_NAMES: ReadonlySet<string> = new Set([
  'setTimeout', 'setInterval', 'setImmediate', 'queueMicrotask', 'nextTick', 'then', 'catch', 'finally', 'on', 'addListener', 'prependListener',
  // Not a registration: an emit writes its event's channel (callbacks.ts), whose site the mark gives.
  'emit',
  ...FS_CALLBACK_APIS, ...FS_CALLBACK_APIS.map((name) => `${name}Sync`), ...Object.values(IO_CALLBACK_APIS).flat(), ...Object.values(IO_PROMISE_APIS).flat(),
]);
