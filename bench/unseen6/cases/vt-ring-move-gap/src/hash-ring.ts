/** FNV-1a, 32 bits, with murmur3's finalizer so that similar keys spread over the ring. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

interface Point<N> {
  at: number;
  node: N;
}

/** A consistent-hash ring with virtual nodes; a key belongs to the first point at or after its hash. */
export class HashRing<N extends { id: string }> {
  private points: Point<N>[] = [];
  private readonly members = new Map<string, N>();

  constructor(private readonly replicas = 32) {}

  add(node: N): void {
    if (this.members.has(node.id)) throw new Error(`node ${node.id} is already on the ring`);
    this.members.set(node.id, node);
    for (let r = 0; r < this.replicas; r++) this.points.push({ at: hash32(`${node.id}#${r}`), node });
    this.points.sort((a, b) => a.at - b.at);
  }

  remove(id: string): N | undefined {
    const node = this.members.get(id);
    if (!node) return undefined;
    this.members.delete(id);
    this.points = this.points.filter((p) => p.node.id !== id);
    return node;
  }

  lookup(key: string): N {
    if (this.points.length === 0) throw new Error('the ring is empty');
    const h = hash32(key);
    let lo = 0;
    let hi = this.points.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.points[mid].at < h) lo = mid + 1;
      else hi = mid;
    }
    return this.points[lo % this.points.length].node;
  }

  get(id: string): N | undefined {
    return this.members.get(id);
  }

  get ids(): string[] {
    return [...this.members.keys()].sort();
  }
}
