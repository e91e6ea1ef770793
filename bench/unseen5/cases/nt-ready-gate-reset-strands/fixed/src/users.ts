import { DbClient, FakeDbServer, type UserRow } from './db.ts';

const EMAIL = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i;

/** The users API's data access. */
export class UserRepository {
  constructor(private readonly db: DbClient) {}

  async register(email: string, name: string): Promise<UserRow> {
    const clean = email.trim().toLowerCase();
    if (!EMAIL.test(clean)) throw new Error(`invalid email ${email}`);
    if (!name.trim()) throw new Error('a user needs a name');
    return this.db.query((s) => s.insertUser(clean, name.trim()));
  }

  async findById(id: number): Promise<UserRow> {
    const row = await this.db.query((s) => s.selectUser(id));
    if (!row) throw new Error(`user ${id} not found`);
    return row;
  }
}

/** Wires the service together; requests may arrive while it is still starting. */
export class UserService {
  readonly db: DbClient;
  readonly users: UserRepository;
  private starting: Promise<void> | undefined;

  constructor(readonly server: FakeDbServer) {
    this.db = new DbClient(server);
    this.users = new UserRepository(this.db);
  }

  start(): Promise<void> {
    this.starting ??= this.db.connect();
    return this.starting;
  }

  async failover(): Promise<void> {
    await this.db.reconnect();
  }
}
