import http from 'node:http';

export function pay(port: number, key: string | undefined, body: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== undefined) headers['idempotency-key'] = key;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/payments', agent: false, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
