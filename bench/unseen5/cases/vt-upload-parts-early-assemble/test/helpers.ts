import { randomBytes } from 'node:crypto';

/** A file of `size` random bytes. */
export const fileOf = (size: number): Buffer => randomBytes(size);
