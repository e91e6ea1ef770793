// The starter conlens.config.json the "no configuration" welcome button writes (issue 8 item 2):
// the shape of the examples' configs, adapted to the folders the workspace has. Pure.

export interface WorkspaceShape {
  /** Top-level folder names. */
  folders: string[];
  /** Whether test/unit and test/integration exist. */
  hasUnitTests: boolean;
  hasIntegrationTests: boolean;
}

export function starterConfig(shape: WorkspaceShape): string {
  const source = shape.folders.includes('src') ? 'src' : shape.folders.includes('lib') ? 'lib' : 'src';
  const tests = shape.folders.includes('test') ? 'test' : shape.folders.includes('tests') ? 'tests' : 'test';
  const config = {
    include: [`${source}/**/*.ts`],
    unit: { command: `node --test ${tests}/${shape.hasUnitTests ? 'unit/' : ''}*.test.ts` },
    integration: { command: `node --test ${tests}/${shape.hasIntegrationTests ? 'integration/' : ''}*.test.ts`, runs: 20 },
    timeoutMs: 30000,
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}
