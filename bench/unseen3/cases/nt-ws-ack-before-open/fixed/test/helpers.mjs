import { setImmediate as tick } from 'node:timers/promises';

/** Waits until the server has sent `n` frames (whatever they are). */
export async function framesSent(socket, n) {
  while (socket.sent.length < n) await tick();
  return socket.sent;
}
