import { Row } from './driver';
import { KeepAlivePool } from './pool';

export class NotFound extends Error {}

/** The users table, through the pool. */
export class UserDao {
  constructor(private readonly pool: KeepAlivePool) {}

  async findUser(id: number): Promise<Row> {
    if (!Number.isInteger(id) || id <= 0) throw new Error(`bad user id ${id}`);
    const rows = await this.pool.query('SELECT id, name FROM users WHERE id = ?', [id]);
    if (rows.length === 0) throw new NotFound(`user ${id}`);
    return rows[0];
  }

  async names(ids: number[]): Promise<string[]> {
    const users = await Promise.all(ids.map((id) => this.findUser(id)));
    return users.map((u) => u.name);
  }

  async countAll(): Promise<number> {
    return (await this.pool.query('SELECT id FROM users')).length;
  }
}
