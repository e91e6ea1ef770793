import { writeFileSync } from 'node:fs';
import { defaultConfig, loadConfigIfPresent } from '../../core/config/index.js';
import { analyzeProject, formatSummary, toDot } from '../../core/static/index.js';
import { printWarnings } from '../print-config.js';
import { EXIT_OK } from '../exit-codes.js';
import type { Subcommand } from '../subcommand.js';

export const graphCommand: Subcommand = {
  name: 'graph',
  summary: 'build the static call graph (004 IV-C) and class access maps (002 §3.1)',
  help: `Usage: conlens graph [dir] [--json FILE] [--dot FILE] [--type-errors] [--config FILE]

Analyses the project's source (its tsconfig.json, or the config's "include"
globs) with the TypeScript checker and prints:
  - the call graph from the roots (config "roots", else functions nobody
    calls), with each function's depth; calls through an interface, abstract
    or overridden method point at the implementations that can run (004 IV-C);
  - "always called after" facts from consecutive awaited calls (004 eq. 6);
  - per class: member variables V, public methods F, M_r(v), M_w(v), the
    methods that run under a lock, and the non-atomic set S_f (002 §3.1).
Files that do not compile still yield a graph; their syntax errors are listed.
A configuration file is optional here.

Options:
  --json FILE     write the analysis as JSON ("-" for standard output)
  --dot FILE      write the call graph in Graphviz DOT ("-" for standard output)
  --type-errors   also list type errors (as slow as tsc --noEmit)
  --config FILE   use this configuration file instead of looking in dir
  -h, --help      show this help

Exit codes: 0 done (also with diagnostics), 2 invalid configuration.`,
  options: { json: { type: 'string' }, dot: { type: 'string' }, 'type-errors': { type: 'boolean' }, config: { type: 'string' } },
  async run(values, positionals) {
    const dir = positionals[0] ?? '.';
    const loaded = loadConfigIfPresent(dir, values.config as string | undefined) ?? defaultConfig(dir);
    printWarnings(loaded.warnings);
    const { config } = loaded;
    const analysis = analyzeProject(loaded.root, {
      include: config.include,
      roots: config.roots,
      atomic: config.atomic,
      locks: config.locks,
      typeErrors: values['type-errors'] === true,
    });
    const write = (target: string, text: string) => (target === '-' ? process.stdout.write(text) : writeFileSync(target, text));
    if (values.json) write(values.json as string, `${JSON.stringify(analysis, null, 2)}\n`);
    if (values.dot) write(values.dot as string, toDot(analysis));
    if (values.json !== '-' && values.dot !== '-') process.stdout.write(formatSummary(analysis));
    return EXIT_OK;
  },
};
