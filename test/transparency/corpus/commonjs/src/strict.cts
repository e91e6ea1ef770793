// A .cts module in the same package: strict, as TypeScript emits it.
import legacy = require('./legacy.js');

export function strictWrite(): string {
  const frozen = Object.freeze({ a: 1 });
  try {
    (frozen as { a: number }).a = 2;
    return 'no error';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
}

export function viaLegacy(): unknown {
  return legacy.writeFrozen();
}
