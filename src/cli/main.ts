// `conlens` — thin: parse arguments, call the engine, print. Exit codes in exit-codes.ts.
import packageJson from '../../package.json';
import { ConfigError } from '../core/config/index.js';
import { CommandStartError } from '../core/runner/run-command.js';
import { RunnerRefusedError } from '../core/runner/runner-support.js';
import { GlobMatchError } from '../core/config/command.js';
import { EXIT_NOT_CHECKED, EXIT_OK, EXIT_USAGE, UsageError } from './exit-codes.js';
import { printWarnings } from './print-config.js';
import { parseSubcommandArgs, type Subcommand } from './subcommand.js';
import { checkCommand } from './commands/check.js';
import { configCommand } from './commands/config.js';
import { graphCommand } from './commands/graph.js';
import { testsCommand } from './commands/tests.js';
import { traceCommand } from './commands/trace.js';
import { exportDaikonCommand } from './commands/export-daikon.js';
import { mineCommand } from './commands/mine.js';
import { diffCommand } from './commands/diff.js';
import { fuzzCommand, mergeCommand, replayCommand } from './commands/fuzz.js';
import { isolateCommand } from './commands/isolate.js';
import { rankCommand } from './commands/rank.js';
import { synthCommand } from './commands/synth.js';
import { initCommand } from './commands/init.js';

const subcommands: Subcommand[] = [initCommand, rankCommand, checkCommand, configCommand, graphCommand, traceCommand, exportDaikonCommand, mineCommand, diffCommand, fuzzCommand, replayCommand, isolateCommand, mergeCommand, synthCommand, testsCommand];

function generalHelp(): string {
  const width = Math.max(...subcommands.map((c) => c.name.length));
  return `Concurrency Lens ${packageJson.version} — finds and localizes concurrency bugs in async TypeScript / Node.js code.

Usage: conlens <command> [options]

Commands:
${subcommands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Options:
  -h, --help      show this help; conlens <command> --help shows a command's options
  -v, --version   print the version

Exit codes: 0 checked and nothing confirmed (ok), 1 a confirmed finding (check,
mine, diff: failing runs or failure invariants), 2 could not check (usage,
configuration, nothing ran: rank, fuzz and replay say what was not checked and why).
The configuration (conlens.config.json) is described in docs/configuration.md.`;
}

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    const topic = first === 'help' ? subcommands.find((c) => c.name === rest[0]) : undefined;
    process.stdout.write(`${topic ? topic.help : generalHelp()}\n`);
    return EXIT_OK;
  }
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${packageJson.version}\n`);
    return EXIT_OK;
  }
  const command = subcommands.find((c) => c.name === first);
  try {
    if (!command) throw new UsageError(`unknown command "${first}"; the commands are: ${subcommands.map((c) => c.name).join(', ')}`);
    const { values, positionals } = parseSubcommandArgs(command, rest);
    if (values.help) {
      process.stdout.write(`${command.help}\n`);
      return EXIT_OK;
    }
    return await command.run(values as Record<string, string | boolean | undefined>, positionals);
  } catch (error) {
    if (error instanceof UsageError) {
      const hint = error.subcommand ? `conlens ${error.subcommand} --help` : 'conlens --help';
      process.stderr.write(`conlens: ${error.message}\n${error.hint ? `(see ${hint})\n` : ''}`);
      return EXIT_USAGE;
    }
    if (error instanceof ConfigError) {
      printWarnings(error.warnings);
      process.stderr.write(`conlens: invalid configuration\n${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof CommandStartError || error instanceof GlobMatchError || error instanceof RunnerRefusedError) {
      process.stderr.write(`conlens: ${error.message}\n`);
      return EXIT_USAGE;
    }
    // A crash checked nothing: 2, never 1, which CI reads as a confirmed finding (issue 29).
    process.stderr.write(`conlens: internal error: ${(error as Error).stack ?? String(error)}\n`);
    return EXIT_NOT_CHECKED;
  }
}

/** The `conlens` process: runs the command on process.argv and sets the exit code (bin.ts). */
export function runCli(): void {
  // `conlens … | head`: the reader left; stop as a Unix tool stops on SIGPIPE, without a stack.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT_OK);
      throw error;
    });
  }
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      process.stderr.write(`conlens: ${(error as Error).stack}\n`);
      process.exitCode = EXIT_NOT_CHECKED;
    },
  );
}
