// The starter conlens.config.json the "no configuration" welcome button writes (issue 8 item 2):
// the shape of the examples' configs, adapted to the folders the workspace has. Pure.

export interface WorkspaceShape {
  /** Top-level folder names. */
  folders: string[];
  /** Whether test/unit and test/integration exist. */
  hasUnitTests: boolean;
  hasIntegrationTests: boolean;
  /** The workspace's package.json (scripts and dependencies), to pick its test runner (issue 15). */
  packageJson?: { scripts?: Record<string, string>; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
}

export type StarterRunner = 'node' | 'vitest' | 'jest' | 'mocha';

/** The test runner the project uses, from its dependencies and scripts; none found: node:test,
 *  which runs TypeScript test files under our loader. (Jest is written as the project runs it;
 *  until its transformer lands, `conlens trace` / `rank` say that they cannot hook it.) */
export function detectRunner(pkg: WorkspaceShape['packageJson']): StarterRunner {
  const deps = { ...pkg?.dependencies, ...pkg?.devDependencies };
  const scripts = Object.values(pkg?.scripts ?? {});
  const uses = (name: string) => name in deps || scripts.some((s) => new RegExp(`(^|[\\s/])${name}(\\s|$)`).test(s));
  if (uses('vitest')) return 'vitest';
  if (uses('jest')) return 'jest';
  if (uses('mocha')) return 'mocha';
  return 'node';
}

export function starterConfig(shape: WorkspaceShape): string {
  const source = shape.folders.includes('src') ? 'src' : shape.folders.includes('lib') ? 'lib' : 'src';
  const tests = shape.folders.includes('test') ? 'test' : shape.folders.includes('tests') ? 'tests' : 'test';
  const unit = `${tests}${shape.hasUnitTests ? '/unit' : ''}`;
  const integration = `${tests}${shape.hasIntegrationTests ? '/integration' : ''}`;
  const command = (dir: string, suffix: string) => {
    switch (detectRunner(shape.packageJson)) {
      case 'vitest':
        return `npx vitest run ${dir}`;
      case 'jest':
        return `npx jest ${dir}`;
      case 'mocha':
        return `npx mocha ${dir}`;
      default:
        return `node --test ${dir}/${suffix}`;
    }
  };
  const config = {
    include: [`${source}/**/*.ts`],
    unit: { command: command(unit, '*.test.ts') },
    integration: { command: command(integration, '*.test.ts'), runs: 20 },
    timeoutMs: 30000,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
