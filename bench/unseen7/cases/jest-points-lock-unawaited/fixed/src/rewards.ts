import { InsufficientPoints, PointsLedger } from './ledger';

export interface Reward {
  id: string;
  cost: number;
}

export interface Voucher {
  memberId: string;
  rewardId: string;
  code: string;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A partner that issues vouchers; its API allows two calls in flight per client. */
export class PartnerGateway {
  inFlight = 0;
  maxInFlight = 0;
  issued: Voucher[] = [];
  private seq = 0;

  async issue(memberId: string, rewardId: string): Promise<Voucher> {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.inFlight > 2) throw new Error('429 too many requests');
      await sleep(3 + Math.floor(Math.random() * 6));
      const voucher = { memberId, rewardId, code: `V-${rewardId}-${++this.seq}` };
      this.issued.push(voucher);
      return voucher;
    } finally {
      this.inFlight--;
    }
  }
}

/** A counting semaphore that hands its permit straight to the next waiter. */
export class Semaphore {
  private readonly waiters: Array<() => void> = [];

  constructor(private free: number) {}

  async use<T>(work: () => Promise<T>): Promise<T> {
    await this.take();
    try {
      return await work();
    } finally {
      this.give();
    }
  }

  private take(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  private give(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.free++;
  }
}

export type Redemption = { ok: true; voucher: Voucher; balance: number } | { ok: false; reason: string };

export class RewardsService {
  private readonly partnerSlots = new Semaphore(2);

  constructor(
    private readonly ledger: PointsLedger,
    private readonly partner: PartnerGateway,
    private readonly catalogue: Map<string, Reward>,
  ) {}

  /** One point per whole euro spent. */
  earn(memberId: string, amountCents: number, orderId: string): Promise<number> {
    return this.ledger.credit(memberId, Math.floor(amountCents / 100), `order ${orderId}`);
  }

  async redeem(memberId: string, rewardId: string): Promise<Redemption> {
    const reward = this.catalogue.get(rewardId);
    if (!reward) return { ok: false, reason: 'unknown reward' };
    let balance: number;
    try {
      balance = await this.ledger.debit(memberId, reward.cost, `reward ${rewardId}`);
    } catch (err) {
      if (err instanceof InsufficientPoints) return { ok: false, reason: 'insufficient points' };
      throw err;
    }
    try {
      const voucher = await this.partnerSlots.use(() => this.partner.issue(memberId, rewardId));
      return { ok: true, voucher, balance };
    } catch (err) {
      await this.ledger.credit(memberId, reward.cost, `refund ${rewardId}`);
      return { ok: false, reason: (err as Error).message };
    }
  }
}
