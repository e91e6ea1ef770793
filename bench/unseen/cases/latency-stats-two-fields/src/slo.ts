/** The SLO classifier is configured remotely; asking it yields to the event loop. */
export class SloClassifier {
  constructor(private readonly thresholds: Array<[label: string, maxMs: number]>) {}

  async classify(ms: number): Promise<string> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (const [label, max] of this.thresholds) if (ms <= max) return label;
    return 'breach';
  }
}
