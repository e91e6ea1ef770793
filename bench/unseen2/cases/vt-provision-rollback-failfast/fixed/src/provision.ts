import type { Cloud, Kind, Resource } from './cloud';

export const STACKS: Record<string, Kind[]> = {
  web: ['bucket', 'database', 'cache'],
  worker: ['queue', 'database'],
  static: ['bucket'],
};

export function stackFor(name: string): Kind[] {
  const kinds = STACKS[name];
  if (!kinds) throw new Error(`unknown stack ${name}`);
  return kinds;
}

/** Deletes the given resources, all at once. */
export function rollback(cloud: Cloud, resources: readonly Resource[]): Promise<void> {
  return Promise.all(resources.map((r) => cloud.remove(r.id))).then(() => undefined);
}

/**
 * Creates every resource of a project in parallel. All or nothing: when one fails, the ones
 * created are deleted and the first error is reported.
 */
export function provision(cloud: Cloud, project: string, kinds: readonly Kind[]): Promise<Resource[]> {
  const created: Resource[] = [];
  const calls = kinds.map((kind) => cloud.create(kind, project).then((resource) => {
    created.push(resource);
    return resource;
  }));
  return Promise.allSettled(calls).then((results) => {
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (!failed) return results.map((r) => (r as PromiseFulfilledResult<Resource>).value);
    return rollback(cloud, created).then(() => {
      throw failed.reason;
    });
  });
}
