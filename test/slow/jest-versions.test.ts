// Issue 31: the runner matrix's Jest row (runner-matrix.test.ts, the repo's own Jest 30) on the
// older Jest majors traced runs support — 27, 28 and 29, whose jest-cli keeps its argument parser
// in a build file of its own (runner/jest-resolve.ts). Each major is installed from the npm
// registry with its own ts-jest, once, into .conlens/cache/jest-versions/ (reused by later runs);
// without the registry the test is skipped, saying so. `account` ranks its fault first under each,
// and its fixed variant is clean.
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../helpers/cli.ts';
import { assertClean, assertRankOne } from '../helpers/rank.ts';
import { exampleDependencies, installFromRegistry, REGISTRY_CACHE } from '../helpers/registry-install.ts';
import { removeProject, runnerProject } from '../helpers/runner-projects.ts';
import { edgeMajorsOnly } from '../helpers/sweep.ts';

const EXAMPLE = 'account';
// ts-jest follows Jest's major; ts-jest 27 and 28 take TypeScript below 5 (28 sets `module`
// itself, which TypeScript 5 refuses beside moduleResolution Node16).
const MAJORS: Record<number, string[]> = {
  27: ['jest@27', 'ts-jest@27', 'typescript@4.9'],
  28: ['jest@28', 'ts-jest@28', 'typescript@4.9'],
  29: ['jest@29', 'ts-jest@29', 'typescript@5'],
};

const { fault } = JSON.parse(readFileSync(join(REPO, 'examples', EXAMPLE, 'expected.json'), 'utf8')) as { fault: string };

test(`${EXAMPLE} under Jest 27, 28 and 29 (each from the registry): ${fault} is rank 1, fixed/ is clean`, { concurrency: 2 }, async (t) => {
  // Installed one after another (npm's cache is shared), then ranked two at a time.
  const installed = Object.keys(MAJORS).map(Number).map((major) => ({
    major,
    jest: installFromRegistry(join(REGISTRY_CACHE, 'jest-versions', `jest${major}`), [...MAJORS[major], ...exampleDependencies(EXAMPLE)], 'jest'),
  }));
  await Promise.all(installed.flatMap(({ major, jest }) => {
    const skip = typeof jest === 'string' ? jest : false;
    const other = typeof jest === 'string' ? undefined : { nodeModules: jest.nodeModules, major };
    return [
      t.test(`Jest ${major}: ${fault} rank 1`, { skip }, async () => {
        const dir = runnerProject(EXAMPLE, 'jest', false, other);
        try {
          await assertRankOne(dir, fault, `Jest ${major}`);
        } finally {
          removeProject(dir);
        }
      }),
      t.test(`Jest ${major}: fixed/ clean`, { skip: skip || edgeMajorsOnly(major, Object.keys(MAJORS).map(Number), `Jest ${major}'s fixed/`) }, async () => {
        const dir = runnerProject(EXAMPLE, 'jest', true, other);
        try {
          await assertClean(dir);
        } finally {
          removeProject(dir);
        }
      }),
    ];
  }));
});
