import pAll from 'p-all';
import pSeries from 'p-series';
import pWaitFor from 'p-wait-for';
import { CancelToken } from './cancel-token.js';
import { Image, Infra } from './infra.js';

export interface Plan {
  services: string[];
  migrations: string[];
  healthTimeoutMs?: number;
}

/**
 * Builds every service (two at a time), runs the migrations one after another in order, starts the
 * images and waits until all report healthy. The token is checked after every await, so a cancelled
 * deploy starts nothing new; the health wait also takes the token's signal.
 */
export async function deploy(infra: Infra, plan: Plan, token = new CancelToken()): Promise<Image[]> {
  const images = await pAll(
    plan.services.map((service) => async () => {
      token.throwIfCancelled();
      const image = await infra.build(service);
      token.throwIfCancelled();
      return image;
    }),
    { concurrency: 2 },
  );
  token.throwIfCancelled();
  await pSeries(
    plan.migrations.map((step) => async () => {
      token.throwIfCancelled();
      await infra.migrate(step);
      token.throwIfCancelled();
    }),
  );
  token.throwIfCancelled();
  for (const image of images) infra.start(image);
  await pWaitFor(() => images.every((image) => infra.healthy.has(image.tag)), {
    interval: 5,
    timeout: plan.healthTimeoutMs ?? 5_000,
    signal: token.signal,
  });
  token.throwIfCancelled();
  return images;
}
