import type { ShardRouter } from './cluster';

export interface Session {
  user: string;
  roles: string[];
}

export type TopologyChange = { op: 'add'; id: string; address: string } | { op: 'move'; id: string; address: string };

/** The API's session lookups: a missing session is a 401. */
export class SessionService {
  constructor(private readonly router: ShardRouter) {}

  async login(token: string, session: Session): Promise<void> {
    await this.router.shardFor(`sess:${token}`).set(`sess:${token}`, JSON.stringify(session));
  }

  async authenticate(token: string): Promise<Session> {
    const raw = await this.router.shardFor(`sess:${token}`).get(`sess:${token}`);
    if (!raw) throw Object.assign(new Error('401 session expired'), { status: 401 });
    return JSON.parse(raw) as Session;
  }
}

/** Applies the operator's topology changes one after another. */
export class ClusterAdmin {
  readonly applied: TopologyChange[] = [];

  constructor(private readonly router: ShardRouter) {}

  async applyChanges(changes: TopologyChange[]): Promise<void> {
    for (const change of changes) await this.apply(change);
  }

  private async apply(change: TopologyChange): Promise<void> {
    if (!/^[a-z0-9-]+$/.test(change.id)) throw new Error(`bad node id ${change.id}`);
    if (change.op === 'add') await this.router.addNode(change.id, change.address);
    else await this.router.replaceNode(change.id, change.address);
    this.applied.push(change);
  }
}
