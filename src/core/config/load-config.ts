// Finding, parsing and validating the configuration: conlens.config.json in the project folder,
// else the "conlens" key of its package.json. Every problem names the file, the line:column,
// the JSON path and what to put there instead.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv, { type ErrorObject } from 'ajv';
import { findNodeAtLocation, parse, parseTree, printParseErrorCode, type Node, type ParseError, type Segment } from 'jsonc-parser';
import schema from '../../../schemas/conlens.config.schema.json';
import { CommandSyntaxError, parseCommand } from './command.js';
import { ConfigError } from './config-error.js';
import {
  CONFIG_FILE_NAME,
  DEFAULT_INCLUDE,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  type ConfigProblem,
  type ConlensConfig,
  type LoadedConfig,
} from './config-types.js';

const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
const validateSchema = ajv.compile(schema);

interface Located {
  file: string;
  text: string;
  tree: Node | undefined;
  /** Where the configuration object sits inside the file: [] or ["conlens"]. */
  prefix: Segment[];
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

export function formatJsonPath(segments: readonly Segment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${segment}` : segment;
  }
  return out;
}

function problemAt(where: Located, segments: Segment[], message: string, at: 'value' | 'key' = 'value'): ConfigProblem {
  // Point at the deepest node that exists: a missing key is reported on its parent object.
  let node: Node | undefined;
  for (let n = segments.length; n >= 0 && !node; n--) {
    node = where.tree ? findNodeAtLocation(where.tree, [...where.prefix, ...segments.slice(0, n)]) : undefined;
  }
  // Unknown keys are pointed at by name; everything else at the offending value.
  const anchor = at === 'key' && node?.parent?.type === 'property' ? node.parent : node;
  const { line, column } = anchor ? lineColumn(where.text, anchor.offset) : { line: 0, column: 0 };
  return { file: where.file, line, column, path: formatJsonPath(segments), message };
}

function segmentsOf(instancePath: string): Segment[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

function hintOf(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  return description ? ` — expected ${description}` : '';
}

function schemaProblems(where: Located, errors: ErrorObject[]): { errors: ConfigProblem[]; warnings: ConfigProblem[] } {
  const result = { errors: [] as ConfigProblem[], warnings: [] as ConfigProblem[] };
  for (const error of errors) {
    const segments = segmentsOf(error.instancePath);
    switch (error.keyword) {
      case 'additionalProperties': {
        const key = (error.params as { additionalProperty: string }).additionalProperty;
        const known = Object.keys((error.parentSchema as { properties?: object }).properties ?? {}).filter((k) => k !== '$schema');
        const close = known.filter((k) => editDistance(k, key) <= 2);
        const suggestion = close.length ? `; did you mean "${close[0]}"?` : `; known keys: ${known.join(', ')}`;
        result.warnings.push(problemAt(where, [...segments, key], `unknown key "${key}" is ignored${suggestion}`, 'key'));
        break;
      }
      case 'required': {
        const missing = (error.params as { missingProperty: string }).missingProperty;
        const description = ((error.parentSchema as { properties?: Record<string, { description?: string }> }).properties?.[missing])?.description;
        result.errors.push(
          problemAt(where, [...segments, missing], `is required${description ? ` — add ${description}` : ''}`),
        );
        break;
      }
      case 'type': {
        const expected = String((error.params as { type: string | string[] }).type).split(',').join(' or ');
        result.errors.push(problemAt(where, segments, `must be ${expected}, found ${describeType(error.data)}${hintOf(error)}`));
        break;
      }
      default:
        result.errors.push(problemAt(where, segments, `${error.message ?? 'is invalid'}${hintOf(error)}`));
    }
  }
  return result;
}

function commandProblems(where: Located, config: Record<string, unknown>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const key of ['unit', 'integration'] as const) {
    const section = config[key] as { command?: unknown } | undefined;
    const command = section?.command;
    if (typeof command !== 'string' && !Array.isArray(command)) continue;
    try {
      parseCommand(command as string | string[]);
    } catch (error) {
      if (!(error instanceof CommandSyntaxError)) throw error;
      problems.push(problemAt(where, [key, 'command'], error.message));
    }
  }
  return problems;
}

/** Validates a configuration object already read from `where`; throws ConfigError on errors. */
export function validateConfig(where: Located, value: unknown): { config: ConlensConfig; warnings: ConfigProblem[] } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigError([problemAt(where, [], `the configuration must be a JSON object, found ${describeType(value)}`)]);
  }
  const valid = validateSchema(value);
  const { errors, warnings } = valid ? { errors: [], warnings: [] } : schemaProblems(where, validateSchema.errors ?? []);
  errors.push(...commandProblems(where, value as Record<string, unknown>));
  if (errors.length) throw new ConfigError(errors, warnings);
  const raw = value as Partial<ConlensConfig>;
  const config: ConlensConfig = {
    include: raw.include ?? DEFAULT_INCLUDE,
    roots: raw.roots ?? [],
    atomic: raw.atomic ?? [],
    locks: raw.locks ?? [],
    timeoutMs: raw.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  if (raw.atomicSets) config.atomicSets = raw.atomicSets.map((s) => ({ class: s.class, fields: [...s.fields] }));
  if (raw.unit) config.unit = { command: raw.unit.command };
  if (raw.integration) config.integration = { command: raw.integration.command, runs: raw.integration.runs ?? DEFAULT_RUNS };
  return { config, warnings };
}

// trial16: "invalid JSON: CommaExpected" named the parser's code, not what to write there.
const JSON_PROBLEMS: Record<string, string> = {
  CommaExpected: 'a comma is missing here, between two entries',
  ColonExpected: 'a colon is missing here, after the key ("key": value)',
  PropertyNameExpected: 'a key in double quotes is expected here ("key": value)',
  ValueExpected: 'a value is expected here (a string in double quotes, a number, true, false, an object or a list)',
  CloseBraceExpected: 'a closing } is missing here',
  CloseBracketExpected: 'a closing ] is missing here',
  EndOfFileExpected: 'nothing may follow the closing } of the configuration',
  UnexpectedEndOfString: 'a string is not closed: add its closing double quote',
  UnexpectedEndOfComment: 'a /* comment is not closed: add */',
  InvalidSymbol: 'this is not JSON: strings and keys take double quotes',
  InvalidCharacter: 'a string may not hold this character as is (a line break or a tab): escape it',
  InvalidEscapeCharacter: 'an unknown escape in a string: a backslash is written \\\\ in JSON',
};
const jsonProblem = (code: string) => (JSON_PROBLEMS[code] ? `${JSON_PROBLEMS[code]} (${code})` : code);

function readJson(file: string, prefix: Segment[]): { where: Located; value: unknown } {
  const text = readFileSync(file, 'utf8');
  const parseErrors: ParseError[] = [];
  // Comments and trailing commas are accepted: people annotate their configs.
  const options = { allowTrailingComma: true, disallowComments: false };
  const tree = parseTree(text, parseErrors, options);
  const where: Located = { file, text, tree, prefix };
  if (parseErrors.length) {
    throw new ConfigError(
      parseErrors.map((e) => {
        const { line, column } = lineColumn(text, e.offset);
        return { file, line, column, path: '', message: `invalid JSON: ${jsonProblem(printParseErrorCode(e.error))}` };
      }),
    );
  }
  return { where, value: parse(text, [], options) };
}

/** Loads the configuration of the project in `dir` (or from `configFile` when given). */
export function loadConfig(dir: string, configFile?: string): LoadedConfig {
  const loaded = loadConfigIfPresent(dir, configFile);
  if (loaded) return loaded;
  throw new ConfigError([
    {
      file: join(resolve(dir), CONFIG_FILE_NAME),
      line: 0,
      column: 0,
      path: '',
      message: `no configuration found: create ${CONFIG_FILE_NAME} (or a "conlens" key in package.json) with at least { "unit": { "command": "node --test test/unit/*.test.ts" } }`,
    },
  ]);
}

/** The defaults, for commands that can work without a configuration file (e.g. `graph`). */
export function defaultConfig(dir: string): LoadedConfig {
  const { config } = validateConfig({ file: '(defaults)', text: '{}', tree: undefined, prefix: [] }, {});
  return { root: resolve(dir), file: '(defaults)', config, warnings: [] };
}

/** Like loadConfig, but undefined when the project has no configuration at all. */
export function loadConfigIfPresent(dir: string, configFile?: string): LoadedConfig | undefined {
  const root = resolve(dir);
  if (!existsSync(root)) {
    throw new ConfigError([{ file: root, line: 0, column: 0, path: '', message: 'the project folder does not exist' }]);
  }
  const explicit = configFile ? resolve(configFile) : undefined;
  const configPath = explicit ?? join(root, CONFIG_FILE_NAME);
  const packagePath = join(root, 'package.json');
  if (existsSync(configPath)) {
    const { where, value } = readJson(configPath, []);
    const { config, warnings } = validateConfig(where, value);
    if (!explicit && existsSync(packagePath)) {
      const pkg = readJson(packagePath, ['conlens']);
      if (pkg.value && typeof pkg.value === 'object' && 'conlens' in pkg.value) {
        warnings.push(problemAt(pkg.where, [], `is ignored because ${CONFIG_FILE_NAME} exists; keep one of the two`));
      }
    }
    return { root, file: configPath, config, warnings };
  }
  if (explicit) {
    throw new ConfigError([{ file: explicit, line: 0, column: 0, path: '', message: 'the configuration file does not exist' }]);
  }
  if (existsSync(packagePath)) {
    const { where, value } = readJson(packagePath, ['conlens']);
    const section = value && typeof value === 'object' ? (value as Record<string, unknown>).conlens : undefined;
    if (section !== undefined) {
      const { config, warnings } = validateConfig(where, section);
      return { root, file: packagePath, config, warnings };
    }
  }
  return undefined;
}
