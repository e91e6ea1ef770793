import { EventEmitter } from 'node:events';

/** The server side of one client connection, as a websocket library hands it over. */
export class FakeSocket extends EventEmitter {
  constructor() {
    super();
    this.sent = [];
  }

  send(frame) {
    this.sent.push(frame);
  }

  /** A frame arriving from the client. */
  receive(frame) {
    this.emit('message', JSON.stringify(frame));
  }
}

const TYPES = new Set(['open', 'publish', 'close']);

export function parseFrame(raw) {
  const frame = JSON.parse(raw);
  if (!TYPES.has(frame.type)) throw new Error(`unknown frame type ${frame.type}`);
  if (typeof frame.channel !== 'string') throw new Error('frame without a channel');
  return frame;
}

/** Serves one connection: the client opens a channel, publishes on it and closes it. */
export function attach(socket, store) {
  const open = new Map();

  async function handle(frame) {
    const { channel } = frame;
    if (frame.type === 'open') {
      open.set(channel, await store.open(channel, frame.topic));
      socket.send({ type: 'opened', channel });
    } else if (frame.type === 'publish') {
      if (!open.has(channel)) throw new Error(`channel ${channel} is not open`);
      await store.append(channel, frame.payload);
      socket.send({ type: 'ack', channel, seq: frame.seq });
    } else {
      if (!open.has(channel)) throw new Error(`channel ${channel} is not open`);
      open.delete(channel);
      await store.close(channel);
      socket.send({ type: 'closed', channel });
    }
  }

  const report = (err) => socket.send({ type: 'error', message: err.message });
  let done = Promise.resolve();

  const onMessage = (raw) => {
    let frame;
    try {
      frame = parseFrame(raw);
    } catch (err) {
      report(err);
      return;
    }
    done = done.then(() => handle(frame).catch(report));
  };

  socket.on('message', onMessage);
  return {
    openChannels: () => [...open.keys()],
    detach: () => socket.off('message', onMessage),
  };
}
