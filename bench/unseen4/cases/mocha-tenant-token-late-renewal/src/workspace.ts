import type { ProjectsServer } from './backend';
import type { Session } from './session';

/** The app's view of a tenant's workspace. */
export class Workspace {
  retries = 0;

  constructor(
    private readonly session: Session,
    private readonly projects: ProjectsServer,
  ) {}

  async open(tenant: string): Promise<string[]> {
    if (!/^[a-z]+$/.test(tenant)) throw new Error(`bad tenant name ${tenant}`);
    await this.session.switchTenant(tenant);
    return this.listProjects();
  }

  /** The projects of the open tenant; a refused token is replaced once. */
  async listProjects(): Promise<string[]> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const bearer = await this.session.bearer();
      const res = await this.projects.list(bearer);
      if (res.status === 200) {
        if (res.tenant !== this.session.tenant) throw new Error(`got ${res.tenant}'s projects while ${this.session.tenant} is open`);
        return res.projects!;
      }
      this.retries++;
      this.session.refused(bearer);
    }
    throw new Error('unauthorized');
  }
}
