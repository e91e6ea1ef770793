import { ReliableChannel, type SendResult } from './channel.ts';
import type { FakeTransport } from './transport.ts';

const MAX_LENGTH = 500;

/** The chat app's client: one user in one room. */
export class ChatClient {
  private readonly channel: ReliableChannel;

  constructor(
    private readonly user: string,
    private readonly room: string,
    transport: FakeTransport,
  ) {
    this.channel = new ReliableChannel(transport);
  }

  start(): Promise<void> {
    return this.channel.start();
  }

  settled(): Promise<void> {
    return this.channel.ready();
  }

  post(text: string): Promise<SendResult> {
    return this.channel.send(encodeFrame(this.room, this.user, cleanText(text)));
  }

  get unsent(): number {
    return this.channel.queued;
  }
}

export function cleanText(text: string): string {
  const cleaned = text.replace(/\s+/g, ' ').trim();
  if (!cleaned) throw new Error('empty message');
  return cleaned.length > MAX_LENGTH ? `${cleaned.slice(0, MAX_LENGTH - 1)}…` : cleaned;
}

export function encodeFrame(room: string, user: string, text: string): string {
  return JSON.stringify({ room, user, text });
}

export function decodeText(frame: string): string {
  return (JSON.parse(frame) as { text: string }).text;
}
