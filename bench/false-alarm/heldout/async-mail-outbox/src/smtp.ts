/** A fake SMTP server: each send takes a few milliseconds; connections are counted. */
export class FakeSmtp {
  connections = 0;
  maxConnections = 0;
  delivered: string[] = [];

  async send(to: string, body: string): Promise<string> {
    this.connections++;
    this.maxConnections = Math.max(this.maxConnections, this.connections);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2 + (to.length % 4)));
      if (!to.includes('@')) throw new Error(`550 bad address ${to}`);
      this.delivered.push(to);
      return `250 queued for ${to} (${body.length} bytes)`;
    } finally {
      this.connections--;
    }
  }
}
