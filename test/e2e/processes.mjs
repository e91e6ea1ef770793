// Process bookkeeping for the e2e run: code-server starts an extension host, which starts our CLI
// in a process group of its own (src/extension/engine.ts), which starts the user's tests. Killing
// code-server's group alone would orphan those, so teardown snapshots the whole descendant tree
// first and also sweeps any process still working inside the run's temp dir.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** pid → parent pid for every process we can see (Linux /proc). */
function parentMap() {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of /proc/<pid>/stat; the command name (field 2) may contain spaces, so split after ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(rest[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return parents;
}

/** All descendants of `root` (not including it). */
export function descendants(root) {
  const parents = parentMap();
  const children = new Map();
  for (const [pid, ppid] of parents) {
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(pid);
  }
  const out = [];
  const stack = [...(children.get(root) ?? [])];
  while (stack.length) {
    const pid = stack.pop();
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Processes (other than us) whose working directory or command line is inside `dir`. */
export function processesUnder(dir) {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cwd = readlinkSync(`/proc/${name}/cwd`);
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cwd === dir || cwd.startsWith(`${dir}/`) || cmdline.includes(dir)) found.push(Number(name));
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

export function alive(pid) {
  try {
    process.kill(pid, 0);
    // A zombie still answers signal 0; it is dead for our purposes.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

/**
 * Ends `root` (a process-group leader we spawned detached), everything below it and everything
 * running inside `dir`: SIGTERM, up to `graceMs` to exit, then SIGKILL. Returns the pids that
 * were still alive after the grace period (for the log).
 */
export async function killTree(root, dir, graceMs = 3000) {
  const pids = new Set([...(root ? [root, ...descendants(root)] : []), ...(dir ? processesUnder(dir) : [])]);
  if (root) signal(-root, 'SIGTERM');
  for (const pid of pids) signal(pid, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (Date.now() < until && [...pids].some(alive)) await new Promise((r) => setTimeout(r, 100));
  // Anything started during the grace period inside dir goes too.
  if (dir) for (const pid of processesUnder(dir)) pids.add(pid);
  const stubborn = [...pids].filter(alive);
  if (root) signal(-root, 'SIGKILL');
  for (const pid of stubborn) signal(pid, 'SIGKILL');
  return stubborn;
}

/** Synchronous last resort for process 'exit': SIGKILL without waiting. */
export function killTreeSync(root, dir) {
  const pids = [...(root ? [root, ...descendants(root)] : []), ...(dir ? processesUnder(dir) : [])];
  if (root) signal(-root, 'SIGKILL');
  for (const pid of pids) signal(pid, 'SIGKILL');
}
