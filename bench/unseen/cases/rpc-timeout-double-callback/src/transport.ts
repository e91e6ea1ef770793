export interface Request {
  id: number;
  method: string;
  params: number[];
}
export interface Response {
  id: number;
  error?: string;
  result?: number;
}

/** A fake peer: answers each request after the delay its method is configured with. */
export class LoopbackTransport {
  private listener: ((msg: Response) => void) | undefined;
  readonly sent: Request[] = [];

  constructor(private readonly delays: Record<string, number>) {}

  onMessage(listener: (msg: Response) => void): void {
    this.listener = listener;
  }

  send(req: Request): void {
    this.sent.push(req);
    setTimeout(() => this.listener?.(answer(req)), this.delays[req.method] ?? 0);
  }
}

export function answer(req: Request): Response {
  if (req.method.startsWith('sum')) return { id: req.id, result: req.params.reduce((a, b) => a + b, 0) };
  if (req.method.startsWith('max')) return { id: req.id, result: Math.max(...req.params) };
  return { id: req.id, error: `unknown method ${req.method}` };
}
