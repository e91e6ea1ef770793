import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './exit-codes.js';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface Subcommand {
  name: string;
  /** One line for `conlens --help`. */
  summary: string;
  /** The full text of `conlens <name> --help`. */
  help: string;
  options: OptionsConfig;
  /** Returns the exit code. */
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<number>;
}

export function parseSubcommandArgs(command: Subcommand, argv: string[]) {
  try {
    return parseArgs({ args: argv, options: { ...command.options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}`, command.name);
  }
}

export function positiveInteger(value: string | boolean | undefined, flag: string, command: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < 1) {
    throw new UsageError(`${flag} must be a whole number ≥ 1, got "${String(value)}"`, command);
  }
  return n;
}
