import { describe } from './src/cycle-a.ts';
import defaultExport, { Timer, usesArguments } from './src/plain.js';
import { formatAll } from './src/format.mts';
import { cjsDouble, cjsCount } from './src/legacy.cts';
import { validate, validateLater, withContext, crash, ValidationError } from './src/thrower.ts';
import { fileURLToPath } from 'node:url';
import { dirname } from 'node:path';

const root = dirname(fileURLToPath(import.meta.url));
const frames = (error: unknown) =>
  String((error as Error).stack)
    .split('\n')
    .slice(0, 4)
    .map((line) => line.replaceAll(root, '<root>').replace(/file:\/\/\/?/, ''))
    .filter((line) => !line.includes('node:internal'));

const show = (label: string, value: unknown) => console.log(label, JSON.stringify(value));

show('cycle', describe());
const timer = new Timer('t');
show('timer', [timer.lap('a').laps, await timer.later('b')]);
show('plain.js', [usesArguments(1, 2, 3), defaultExport(), defaultExport('x')]);
show('mts', formatAll(1, 22, 333));
show('cts', [cjsDouble(21), cjsCount(), cjsCount()]);
try {
  validate({});
} catch (error) {
  show('validate', [error instanceof ValidationError, (error as ValidationError).field, ...frames(error)]);
}
try {
  await validateLater({});
} catch (error) {
  show('validateLater', frames(error));
}
try {
  withContext({});
} catch (error) {
  show('withContext', frames(error));
}
show('validate ok', validate({ name: 'ok' }));
// An uncaught exception ends the process: same message, stack and exit code.
crash('at the end');
