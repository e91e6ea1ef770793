// TypeScript → JavaScript for the user's test processes, instrumented when asked. Bundled on its
// own (dist/transpile.cjs) because it carries the compiler: the loader thread needs it for every
// .ts module, the main thread only when a CommonJS module require()s a .ts file, so the main
// thread loads it lazily.
import ts from 'typescript';
import { instrumentTransformer, type InstrumentOptions } from './instrument-transformer.js';

export type ModuleFormat = 'module' | 'commonjs';

export interface TranspileOutput {
  code: string;
  diagnostics: string[];
  /** Set when instrumentation was asked for but failed: the file was transpiled without it. */
  instrumentError?: string;
}

function compilerOptions(fileName: string, format: ModuleFormat): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: format === 'module' ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS,
    // Keep the user's import specifiers as written ('./a.ts' or './a.js'); the resolve hook maps them.
    allowImportingTsExtensions: true,
    allowJs: true,
    esModuleInterop: true,
    useDefineForClassFields: true,
    inlineSourceMap: true,
    inlineSources: true,
    jsx: fileName.endsWith('x') ? ts.JsxEmit.ReactJSX : ts.JsxEmit.Preserve,
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
