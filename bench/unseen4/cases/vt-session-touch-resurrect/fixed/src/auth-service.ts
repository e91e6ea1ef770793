import type { SessionStore } from './session-store';

export interface Reply {
  status: number;
  userId?: string;
}

/** The part of the web app that turns a session cookie into a user, and logs users in and out. */
export class AuthService {
  readonly audit: string[] = [];

  constructor(private readonly sessions: SessionStore) {}

  async login(userId: string): Promise<string> {
    const session = await this.sessions.create(userId);
    this.audit.push(`login ${userId}`);
    return session.id;
  }

  /** Every authenticated request keeps its session alive. */
  async authenticate(sessionId: string): Promise<Reply> {
    if (!(await this.sessions.touch(sessionId))) return { status: 401 };
    const session = await this.sessions.load(sessionId);
    return session ? { status: 200, userId: session.userId } : { status: 401 };
  }

  async logout(sessionId: string): Promise<void> {
    const removed = await this.sessions.destroy(sessionId);
    if (removed) this.audit.push(`logout ${sessionId}`);
  }
}

export function parseCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}
