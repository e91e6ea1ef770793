// TypeScript → JavaScript for the user's test processes, instrumented when asked. Bundled on its
// own (dist/transpile.cjs) because it carries the compiler: the loader thread needs it for every
// .ts module, the main thread only when a CommonJS module require()s a .ts file, so the main
// thread loads it lazily.
import { dirname } from 'node:path';
import ts from 'typescript';
import { instrumentTransformer, type InstrumentOptions } from './instrument-transformer.js';

/** 'preserve': the input is another transformer's JavaScript output (Jest's transform, Vite's
 *  plugin chain): its module syntax, class-field semantics and syntax level are already what the
 *  user's toolchain chose, so the emit after our transformer changes nothing else. */
export type ModuleFormat = 'module' | 'commonjs' | 'preserve';

export interface TranspileOutput {
  code: string;
  diagnostics: string[];
  /** Set when instrumentation was asked for but failed: the file was transpiled without it. */
  instrumentError?: string;
}

/** The options of the project's own tsconfig.json (the nearest one above the file, `extends`
 *  followed) that change what the emitted code does, so a file runs as the project's own build
 *  or ts-node would run it: `import * as assert from 'assert'; assert(x)` works only without
 *  esModuleInterop; class fields are [[Set]] below ES2022 unless useDefineForClassFields; legacy
 *  decorators and their metadata; import elision under verbatimModuleSyntax. No tsconfig: the
 *  modern defaults. (instrument-cache.ts keys entries by the nearest tsconfig's text.) */
const projectOptionsByConfig = new Map<string, ts.CompilerOptions>();
export function projectCompilerOptions(fileName: string): ts.CompilerOptions {
  const configPath = ts.findConfigFile(dirname(fileName), ts.sys.fileExists);
  if (!configPath) return { esModuleInterop: true, useDefineForClassFields: true };
  let options = projectOptionsByConfig.get(configPath);
  if (!options) {
    const read = ts.readConfigFile(configPath, ts.sys.readFile);
    const parsed = read.error ? undefined : ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath), undefined, configPath);
    const user = parsed?.options ?? {};
    const moduleKind = user.module;
    const nodeModules = moduleKind !== undefined && moduleKind >= ts.ModuleKind.Node16 && moduleKind <= ts.ModuleKind.NodeNext;
    const target = user.target ?? ts.ScriptTarget.ES5;
    options = {
      // TypeScript's own defaults when the project leaves them out: esModuleInterop is implied by
      // the node16/nodenext module kinds, [[Define]] fields by a target of ES2022 or later.
      esModuleInterop: user.esModuleInterop ?? nodeModules,
      useDefineForClassFields: user.useDefineForClassFields ?? target >= ts.ScriptTarget.ES2022,
      ...(user.experimentalDecorators !== undefined ? { experimentalDecorators: user.experimentalDecorators } : {}),
      ...(user.emitDecoratorMetadata !== undefined ? { emitDecoratorMetadata: user.emitDecoratorMetadata } : {}),
      ...(user.verbatimModuleSyntax !== undefined ? { verbatimModuleSyntax: user.verbatimModuleSyntax } : {}),
      ...(user.jsx !== undefined ? { jsx: user.jsx } : {}),
      ...(user.jsxImportSource !== undefined ? { jsxImportSource: user.jsxImportSource } : {}),
      ...(user.jsxFactory !== undefined ? { jsxFactory: user.jsxFactory } : {}),
    };
    projectOptionsByConfig.set(configPath, options);
  }
  return options;
}

/** The file a tsconfig `paths` (or `baseUrl`) alias names, as tsx and bundlers resolve it, for a
 *  specifier Node could not resolve from `fromFile` (`import { db } from '@app/db'`). Only files
 *  of the project: a package or its .d.ts stays Node's to resolve (and to refuse). */
const aliasOptionsByConfig = new Map<string, ts.CompilerOptions | undefined>();
export function resolvePathAlias(specifier: string, fromFile: string): string | undefined {
  const configPath = ts.findConfigFile(dirname(fromFile), ts.sys.fileExists);
  if (!configPath) return undefined;
  let options = aliasOptionsByConfig.get(configPath);
  if (!aliasOptionsByConfig.has(configPath)) {
    const read = ts.readConfigFile(configPath, ts.sys.readFile);
    const parsed = read.error ? undefined : ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath), undefined, configPath);
    const user = parsed?.options;
    options = user && (user.paths || user.baseUrl)
      ? { ...user, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowJs: true, allowImportingTsExtensions: true, noEmit: true }
      : undefined;
    aliasOptionsByConfig.set(configPath, options);
  }
  if (!options) return undefined;
  const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport || resolved.extension === ts.Extension.Dts || resolved.extension === ts.Extension.Dmts || resolved.extension === ts.Extension.Dcts) return undefined;
  return resolved.resolvedFileName;
}

function compilerOptions(fileName: string, format: ModuleFormat): ts.CompilerOptions {
  if (format === 'preserve') {
    // No project options here: they describe how to compile the TypeScript source, which the
    // user's transformer has already done (a [[Set]] field lowering applied twice would differ).
    return { target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.Preserve, allowJs: true, inlineSourceMap: true, inlineSources: true, jsx: ts.JsxEmit.Preserve, useDefineForClassFields: true };
  }
  const project = projectCompilerOptions(fileName);
  return {
    target: ts.ScriptTarget.ES2022,
    module: format === 'module' ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS,
    // Keep the user's import specifiers as written ('./a.ts' or './a.js'); the resolve hook maps them.
    allowImportingTsExtensions: true,
    allowJs: true,
    inlineSourceMap: true,
    inlineSources: true,
    jsx: fileName.endsWith('x') ? ts.JsxEmit.ReactJSX : ts.JsxEmit.Preserve,
    ...project,
    // verbatimModuleSyntax with CommonJS output is an error in isolation; the ESM emit keeps it.
    ...(format === 'commonjs' ? { verbatimModuleSyntax: false } : {}),
  };
}

/** Transpiles one file in isolation (no type check), with an inline source map so stack traces
 *  and coverage point at the user's lines. With `instrument`, inserts the runtime calls. */
export function transpileTypeScript(source: string, fileName: string, format: ModuleFormat, instrument?: InstrumentOptions): TranspileOutput {
  const run = (withInstrumentation: boolean) => {
    const result = ts.transpileModule(source, {
      fileName,
      reportDiagnostics: true,
      compilerOptions: compilerOptions(fileName, format),
      transformers: withInstrumentation && instrument ? { before: [instrumentTransformer(ts, instrument)] } : undefined,
    });
    const diagnostics = (result.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    return { code: result.outputText, diagnostics };
  };
  if (!instrument) return run(false);
  try {
    return run(true);
  } catch (error) {
    return { ...run(false), instrumentError: (error as Error).message };
  }
}
