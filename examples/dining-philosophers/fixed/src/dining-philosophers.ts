import { Monitor } from './monitor.ts';

/**
 * 004 §V-C: a chopstick is a monitor with a `taken` flag. `pickup` waits until the chopstick is
 * free and takes it; `pickdown` frees it and wakes the philosophers waiting for it.
 */
export class Chopstick extends Monitor {
  readonly id: number;
  taken = false;

  constructor(id: number) {
    super();
    this.id = id;
  }

  async pickup(): Promise<void> {
    await this.enter();
    try {
      while (this.taken) {
        await this.wait();
      }
      this.taken = true;
    } finally {
      this.exit();
    }
  }

  async pickdown(): Promise<void> {
    await this.enter();
    try {
      this.taken = false;
      this.notifyAll();
    } finally {
      this.exit();
    }
  }
}

/** Where the food comes from: `serve` resolves once the philosopher's plate is filled (a service
 *  the table calls; the tests stand in for it with a promise of their own). */
export interface Kitchen {
  serve(philosopher: number): Promise<void>;
}

/** A kitchen whose plates are always full. */
export class ReadyKitchen implements Kitchen {
  async serve(): Promise<void> {}
}

/**
 * A philosopher thinks, picks up its two chopsticks (the lower-numbered one first), eats and puts
 * both chopsticks down, `meals` times.
 */
export class Philosopher {
  readonly id: number;
  readonly left: Chopstick;
  readonly right: Chopstick;
  readonly meals: number;
  readonly kitchen: Kitchen;
  eaten = 0;

  constructor(id: number, left: Chopstick, right: Chopstick, meals: number, kitchen: Kitchen = new ReadyKitchen()) {
    this.id = id;
    this.left = left;
    this.right = right;
    this.meals = meals;
    this.kitchen = kitchen;
  }

  async run(): Promise<void> {
    for (let meal = 0; meal < this.meals; meal++) {
      await new Promise<void>((resolve) => setImmediate(resolve)); // think (Thread.sleep)
      // Fixed: a global order on chopsticks. Every philosopher picks up the lower-numbered one of
      // its two chopsticks first (the last philosopher: right before left), so no cycle of
      // philosophers can each hold one chopstick and wait for the next.
      const [first, second] = this.left.id < this.right.id ? [this.left, this.right] : [this.right, this.left];
      await first.pickup();
      await this.kitchen.serve(this.id); // holding one chopstick, it waits for its plate
      await second.pickup();
      await this.eat();
      await second.pickdown();
      await first.pickdown();
    }
  }

  async eat(): Promise<void> {
    this.eaten++;
    await Promise.resolve();
  }
}

/**
 * `DiningPhilosophers.main`: `count` philosophers around a table with one chopstick between each
 * two neighbours (philosopher i has chopstick i on the left and i + 1 on the right); starts them
 * all and joins them.
 */
export async function main(count = 5, meals = 3, kitchen: Kitchen = new ReadyKitchen()): Promise<Philosopher[]> {
  const chopsticks = Array.from({ length: count }, (_, id) => new Chopstick(id));
  const philosophers = chopsticks.map(
    (left, id) => new Philosopher(id, left, chopsticks[(id + 1) % count]!, meals, kitchen),
  );
  await Promise.all(philosophers.map((philosopher) => philosopher.run()));
  return philosophers;
}
