// The `conlens` command lines the editor's commands run (issue 8 item 1), from the settings
// (contributes.configuration, conlens.*). Pure, so the mapping is tested without VS Code.

export interface EngineSettings {
  configPath: string;
  runs: number | null;
  seed: number;
  strategy: 'combined' | 'random' | 'pct' | 'atomfuzzer' | 'assetfuzzer' | 'systematic';
  jobs: number;
}

/** `--config` only when the user named a file (relative to the workspace folder). */
function configArgs(s: EngineSettings): string[] {
  return s.configPath ? ['--config', s.configPath] : [];
}

function runArgs(s: EngineSettings): string[] {
  return [...(s.runs ? ['--runs', String(s.runs)] : []), '--seed', String(s.seed), '--strategy', s.strategy, '--jobs', String(s.jobs)];
}

/** Rank: the report also goes to `jsonFile` so a half-written .conlens/report.json is never read.
 *  `progressJson` when the CLI knows `--progress json` (its `rank --help` says so). */
export function rankArgs(folder: string, s: EngineSettings, jsonFile: string, progressJson = false): string[] {
  return ['rank', folder, ...runArgs(s), '--json', jsonFile, '--exit-zero', ...(progressJson ? ['--progress', 'json'] : []), ...configArgs(s)];
}

/** Whether a command's help text offers `--progress … json`. */
export function supportsJsonProgress(help: string): boolean {
  return /--progress\b[^\n]*\bjson\b|--progress\s+\S+[^\n]*\n[^\n]*\bjson\b/.test(help);
}

export function fuzzArgs(folder: string, s: EngineSettings, jsonFile: string): string[] {
  return ['fuzz', folder, ...runArgs(s), '--json', jsonFile, ...configArgs(s)];
}

export function mineArgs(folder: string, s: EngineSettings, suite: 'unit' | 'integration', jsonFile: string): string[] {
  return ['mine', folder, '--tests', suite, '--json', jsonFile, ...configArgs(s)];
}

export function synthArgs(folder: string, s: EngineSettings): string[] {
  return ['synth', folder, ...configArgs(s)];
}

/** With a violation.json the scheduler follows its decisions; without one (a report that did not
 *  keep the file) the seed and strategy run the same schedule again. */
export function replayArgs(folder: string, s: EngineSettings, violation: { file?: string; seed: number; strategy: string }, jsonFile: string): string[] {
  const how = violation.file ? [violation.file, folder] : ['--seed', String(violation.seed), '--strategy', violation.strategy, folder];
  return ['replay', ...how, '--json', jsonFile, ...configArgs(s)];
}

export function graphArgs(folder: string, s: EngineSettings, jsonFile: string): string[] {
  return ['graph', folder, '--json', jsonFile, ...configArgs(s)];
}

/** Reads the settings object VS Code returns (any shape) into valid values. */
export function readSettings(get: (key: string) => unknown): EngineSettings {
  const int = (key: string, min: number, fallback: number | null) => {
    const v = get(key);
    return typeof v === 'number' && Number.isInteger(v) && v >= min ? v : fallback;
  };
  const strategy = get('strategy');
  return {
    configPath: typeof get('configPath') === 'string' ? (get('configPath') as string).trim() : '',
    runs: int('runs', 1, null),
    seed: int('seed', 0, 1) ?? 1,
    strategy: strategy === 'random' || strategy === 'pct' || strategy === 'atomfuzzer' || strategy === 'assetfuzzer' || strategy === 'systematic' ? strategy : 'combined',
    jobs: int('jobs', 1, 1) ?? 1,
  };
}
