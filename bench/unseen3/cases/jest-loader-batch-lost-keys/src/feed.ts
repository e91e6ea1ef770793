import { BatchLoader } from './batch-loader';

export interface User {
  id: string;
  name: string;
}

export interface Post {
  id: string;
  author: string;
  text: string;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The users service: one HTTP call returns many users. */
export class UsersApi {
  calls: string[][] = [];

  constructor(private readonly users: Map<string, User>, private readonly latencyMs = 3) {}

  async fetchUsers(ids: string[]): Promise<Map<string, User>> {
    this.calls.push(ids);
    await wait(this.latencyMs);
    const found = new Map<string, User>();
    for (const id of ids) {
      const user = this.users.get(id);
      if (user) found.set(id, user);
    }
    return found;
  }
}

/** The teams service: who is in a team. */
export class TeamsApi {
  constructor(private readonly teams: Map<string, string[]>) {}

  async members(teamId: string): Promise<string[]> {
    await wait(1);
    return this.teams.get(teamId) ?? [];
  }
}

/** Resolves the fields of a feed page; one loader per page request. */
export class FeedResolver {
  readonly users: BatchLoader<string, User>;

  constructor(usersApi: UsersApi, private readonly teamsApi: TeamsApi) {
    this.users = new BatchLoader((ids) => usersApi.fetchUsers(ids));
  }

  async authorNames(posts: Post[]): Promise<string[]> {
    const authors = await this.users.loadMany(posts.map((p) => p.author));
    return authors.map((a) => a.name);
  }

  async teamNames(teamId: string): Promise<string[]> {
    const ids = await this.teamsApi.members(teamId);
    const members = await this.users.loadMany(ids);
    return members.map((m) => m.name).sort();
  }
}
