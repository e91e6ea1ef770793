import { EventEmitter } from 'node:events';

export interface Image {
  service: string;
  tag: string;
}

const jitter = () => new Promise<void>((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 4)));

/** A fake build farm, database and cluster. Emits `build-start`, `built`, `migrated`, `healthy`. */
export class Infra extends EventEmitter {
  building = 0;
  maxBuilding = 0;
  readonly log: string[] = [];
  readonly healthy = new Set<string>();
  readonly broken = new Set<string>();
  holdBuilds: Promise<void> | undefined;

  async build(service: string): Promise<Image> {
    this.building++;
    this.maxBuilding = Math.max(this.maxBuilding, this.building);
    this.log.push(`build ${service}`);
    this.emit('build-start', service);
    try {
      if (this.holdBuilds) await this.holdBuilds;
      await jitter();
    } finally {
      this.building--;
    }
    this.log.push(`built ${service}`);
    this.emit('built', service);
    return { service, tag: `${service}:${this.log.length}` };
  }

  async migrate(step: string): Promise<string> {
    this.log.push(`migrate ${step}`);
    await jitter();
    this.log.push(`migrated ${step}`);
    this.emit('migrated', step);
    return step;
  }

  /** Starts a container; it reports healthy a little later (unless it is broken). */
  start(image: Image): void {
    this.log.push(`start ${image.service}`);
    if (this.broken.has(image.service)) return;
    setTimeout(() => {
      this.healthy.add(image.tag);
      this.emit('healthy', image.tag);
    }, 15);
  }
}
