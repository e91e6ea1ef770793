// Exceptions whose stack traces are printed: positions must still point at these lines.
export class ValidationError extends Error {
  constructor(readonly field: string) {
    super(`invalid ${field}`);
    this.name = 'ValidationError';
  }
}

export function validate(input: { name?: string }): string {
  if (!input.name) {
    throw new ValidationError('name');
  }
  return input.name;
}

export async function validateLater(input: { name?: string }): Promise<string> {
  await null;
  return validate(input);
}

/** The error gets context on its way up; its stack (formatted lazily by V8) must show it. */
export function withContext(input: { name?: string }): string {
  try {
    return validate(input);
  } catch (error) {
    (error as Error).message = `while validating: ${(error as Error).message}`;
    throw error;
  }
}

export function crash(reason: string): never {
  const error = new Error(`crash: ${reason}`);
  throw error;
}
