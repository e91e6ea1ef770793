// The configuration as the rest of the engine sees it: validated, defaults filled in.

/** A test command as the user wrote it: a shell-like string or an argv array. */
export type CommandSpec = string | string[];

export interface TestCommand {
  command: CommandSpec;
}

export interface IntegrationCommand extends TestCommand {
  runs: number;
}

export interface LockClass {
  module: string;
  export: string;
  acquire: string;
  release: string;
}

export interface ConlensConfig {
  include: string[];
  unit?: TestCommand;
  integration?: IntegrationCommand;
  roots: string[];
  atomic: string[];
  /** 001 atomic sets: fields of a class that must stay consistent together (ASSETFUZZER). */
  atomicSets?: { class: string; fields: string[] }[];
  locks: LockClass[];
  timeoutMs: number;
}

/** One thing wrong (or suspicious) with a configuration file, located as precisely as we can. */
export interface ConfigProblem {
  file: string;
  /** 1-based; 0 when the problem has no position (e.g. a missing file). */
  line: number;
  column: number;
  /** JSON path inside the configuration object, e.g. "integration.runs" ("" for the whole object). */
  path: string;
  message: string;
}

export interface LoadedConfig {
  /** The project folder: commands run here, globs and paths are relative to it. */
  root: string;
  /** The file the configuration came from (conlens.config.json or package.json). */
  file: string;
  config: ConlensConfig;
  warnings: ConfigProblem[];
}

export const DEFAULT_INCLUDE = ['src/**'];
export const DEFAULT_RUNS = 20;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const CONFIG_FILE_NAME = 'conlens.config.json';
