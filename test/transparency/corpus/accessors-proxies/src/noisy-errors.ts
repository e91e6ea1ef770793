// Error objects whose name/message are accessors with side effects (or that throw), thrown out of
// instrumented functions: the recorder must not read them.
import { log } from './accessors.ts';

export class NoisyError extends Error {
  override get name(): string {
    log.push('NoisyError.name read');
    return 'NoisyError';
  }
}

export class TouchyError extends Error {
  override get message(): string {
    throw new Error('do not touch my message');
  }
}

export function failNoisy(): never {
  throw new NoisyError('noisy');
}

export function failTouchy(): never {
  throw new TouchyError();
}

export async function failNoisyLater(): Promise<never> {
  await null;
  throw new NoisyError('later');
}
