// The ts-morph project for a folder: its tsconfig.json when there is one, else the config's
// `include` globs with compiler options that accept what Node runs (TS and JS, .ts imports).
// The analysis scope is the non-declaration files matching `include` (outside node_modules).
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { Project, ts } from 'ts-morph';

export interface LoadedProject {
  project: Project;
  program: ts.Program;
  checker: ts.TypeChecker;
  /** Files to analyse, absolute paths. */
  scope: ts.SourceFile[];
  tsconfig?: string;
}

const FALLBACK_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  // Node.js code: the language's own declarations without the browser's (lib.dom.d.ts alone is
  // three times the size of all ES libs together, and parsing it was most of a project's load).
  // A project's @types (node among them) still come in, as without a tsconfig they always do.
  lib: ['lib.es2023.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  allowImportingTsExtensions: true,
  allowJs: true,
  checkJs: false,
  noEmit: true,
  strict: true,
  skipLibCheck: true,
  esModuleInterop: true,
  experimentalDecorators: false,
};

export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

export function loadProject(root: string, include: string[]): LoadedProject {
  const tsconfig = join(root, 'tsconfig.json');
  const hasTsconfig = existsSync(tsconfig);
  const project = hasTsconfig
    ? new Project({ tsConfigFilePath: tsconfig, skipFileDependencyResolution: false })
    : new Project({ compilerOptions: FALLBACK_OPTIONS });
  const patterns = include.map((p) => (p.endsWith('/**') ? `${p}/*` : p));
  const isIncluded = picomatch(patterns, { dot: false });
  if (!hasTsconfig) {
    project.addSourceFilesAtPaths(patterns.map((p) => toPosix(join(root, p))).concat(['!**/node_modules/**']));
    project.resolveSourceFileDependencies();
  } else {
    // Files the include names but the tsconfig does not (e.g. tests outside "include").
    for (const pattern of patterns) project.addSourceFilesAtPaths([toPosix(join(root, pattern)), '!**/node_modules/**']);
  }
  const program = project.getProgram().compilerObject;
  const checker = program.getTypeChecker();
  const scope = program.getSourceFiles().filter((file) => {
    if (file.isDeclarationFile || file.fileName.includes('/node_modules/')) return false;
    const rel = toPosix(relative(root, file.fileName));
    return !rel.startsWith('..') && /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(rel) && isIncluded(rel);
  });
  return { project, program, checker, scope, tsconfig: hasTsconfig ? tsconfig : undefined };
}
