import type { Connection, PresenceService } from './presence.ts';

export function formatLine(author: string, text: string, at: Date): string {
  const hh = String(at.getUTCHours()).padStart(2, '0');
  const mm = String(at.getUTCMinutes()).padStart(2, '0');
  return `[${hh}:${mm}] <${author}> ${text.trim()}`;
}

export class Room {
  private readonly members: Connection[] = [];

  constructor(readonly name: string, private readonly presence: PresenceService) {}

  join(connection: Connection): void {
    if (!this.members.some((m) => m.memberId === connection.memberId)) this.members.push(connection);
  }

  async leave(memberId: string): Promise<void> {
    await this.presence.markOffline(memberId);
    const at = this.members.findIndex((m) => m.memberId === memberId);
    if (at >= 0) this.members.splice(at, 1);
  }

  memberIds(): string[] {
    return this.members.map((m) => m.memberId);
  }

  /** Sends a message to every member, one connection at a time; returns how many got it. */
  async broadcast(author: string, text: string, at = new Date(0)): Promise<number> {
    const line = formatLine(author, text, at);
    let sent = 0;
    // The members present when the message was posted; joins and leaves meanwhile change the list.
    for (const member of [...this.members]) {
      await member.send(line);
      sent++;
    }
    return sent;
  }
}
