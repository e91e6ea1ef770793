// TypeScript → JavaScript for the user's test processes. Bundled on its own (dist/transpile.cjs)
// because it carries the compiler: the loader thread needs it for every .ts module, the main
// thread only when a CommonJS module require()s a .ts file, so the main thread loads it lazily.
import ts from 'typescript';

export type ModuleFormat = 'module' | 'commonjs';

export interface TranspileOutput {
  code: string;
  diagnostics: string[];
}

/** Transpiles one file in isolation (no type check), with an inline source map so stack traces
 *  and coverage point at the user's TypeScript lines. */
export function transpileTypeScript(source: string, fileName: string, format: ModuleFormat): TranspileOutput {
  const result = ts.transpileModule(source, {
    fileName,
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: format === 'module' ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS,
      // Keep the user's import specifiers as written ('./a.ts' or './a.js'); the resolve hook maps them.
      allowImportingTsExtensions: true,
      esModuleInterop: true,
      experimentalDecorators: false,
      useDefineForClassFields: true,
      inlineSourceMap: true,
      inlineSources: true,
      jsx: ts.JsxEmit.ReactJSX,
    },
  });
  const diagnostics = (result.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  return { code: result.outputText, diagnostics };
}
