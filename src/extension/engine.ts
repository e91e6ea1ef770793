// The engine client (issue 8 item 1): every analysis runs in a child process running our CLI
// (dist/cli.js), never in the extension host, so a long run does not freeze the editor. Output is
// streamed to the output channel line by line and parsed for progress; cancel kills the whole
// process group (the CLI starts the user's test processes, which must go too).
import { spawn } from 'node:child_process';
import { LineSplitter, type ProgressParser, type ProgressUpdate } from './model/progress.js';

export interface EngineRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  cancelled: boolean;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

export interface EngineOptions {
  cli: string;
  args: string[];
  cwd: string;
  log: (line: string) => void;
  parser?: ProgressParser;
  onProgress?: (update: ProgressUpdate) => void;
  /** A CancellationToken-like object. */
  token?: { isCancellationRequested: boolean; onCancellationRequested: (listener: () => void) => { dispose(): void } };
  /** Budget for the whole command in ms; 0 = none. */
  timeoutMs?: number;
  /** The node to run the CLI with; default: this process's runtime (as node, also under Electron). */
  nodePath?: string;
  /** Polled every POLL_MS while the CLI runs; the lines it returns go to the progress parser (not
   *  to the log): progress the CLI does not print, e.g. run folders counted on disk. */
  poll?: () => string[];
}

const POLL_MS = 1000;

/** Grace between SIGTERM and SIGKILL: lets the CLI and the test processes end on their own. */
const KILL_GRACE_MS = 3000;

/** The kill functions of the engines still running: a detached process group outlives the
 *  extension host unless it is ended on deactivate. */
const running = new Set<() => void>();

/** Ends every engine run still going (extension deactivation). */
export function stopAllEngines(): void {
  for (const kill of running) kill();
}

export function runEngine(options: EngineOptions): Promise<EngineRun> {
  return new Promise((resolve, reject) => {
    const node = options.nodePath || process.execPath;
    options.log(`$ ${['conlens', ...options.args].join(' ')}`);
    const child = spawn(node, [options.cli, ...options.args], {
      cwd: options.cwd,
      // ELECTRON_RUN_AS_NODE: in desktop VS Code process.execPath is Electron; it must act as node.
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', FORCE_COLOR: '0', NO_COLOR: '1' },
      // A process group of its own (POSIX), so cancel reaches the test processes it starts.
      detached: process.platform !== 'win32',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let cancelled = false;
    let timedOut = false;
    let stdout = '';
    let stderr = '';
    let killTimer: NodeJS.Timeout | undefined;
    const kill = () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const signalGroup = (signal: NodeJS.Signals) => {
        try {
          if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, signal);
          else child.kill(signal);
        } catch {
          // Already gone.
        }
      };
      signalGroup('SIGTERM');
      killTimer = setTimeout(() => signalGroup('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    running.add(kill);
    const subscription = options.token?.onCancellationRequested(() => {
      cancelled = true;
      options.log('cancelled: stopping the engine and its test processes');
      kill();
    });
    const budget = options.timeoutMs && options.timeoutMs > 0 ? setTimeout(() => {
      timedOut = true;
      options.log(`timed out after ${options.timeoutMs} ms (setting conlens.timeoutMs): stopping the engine`);
      kill();
    }, options.timeoutMs) : undefined;
    const pipe = (stream: NodeJS.ReadableStream, keep: (text: string) => void) => {
      const lines = new LineSplitter();
      stream.setEncoding('utf8');
      const handle = (line: string) => {
        const update = options.parser?.feed(line);
        // A JSON progress line reads better in the log as the text form.
        options.log(update && line.startsWith('{') ? `conlens: ${update.stage}${update.detail ? ` (${update.detail})` : ''} — ${Math.round(update.percent)}%` : line);
        if (update) options.onProgress?.(update);
      };
      stream.on('data', (chunk: string) => {
        keep(chunk);
        for (const line of lines.push(chunk)) handle(line);
      });
      stream.on('end', () => lines.flush().forEach(handle));
    };
    const polling = options.poll
      ? setInterval(() => {
          for (const line of options.poll!()) {
            const update = options.parser?.feed(line);
            if (update) options.onProgress?.(update);
          }
        }, POLL_MS)
      : undefined;
    pipe(child.stdout!, (t) => (stdout += t));
    pipe(child.stderr!, (t) => (stderr += t));
    child.on('error', (error) => {
      running.delete(kill);
      if (polling) clearInterval(polling);
      subscription?.dispose();
      if (budget) clearTimeout(budget);
      reject(new Error(`cannot start the engine (${node} ${options.cli}): ${error.message}; set conlens.nodePath to a Node.js ≥ 20.6 binary`));
    });
    child.on('close', (exitCode, signal) => {
      running.delete(kill);
      if (polling) clearInterval(polling);
      subscription?.dispose();
      if (budget) clearTimeout(budget);
      if (killTimer) clearTimeout(killTimer);
      resolve({ exitCode, signal, cancelled, timedOut, stdout, stderr });
    });
  });
}

