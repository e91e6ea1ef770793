import { EventBus, EventStore, LedgerEvent } from './events';
import { PricingApi, RateCache } from './rates';

export interface BalanceView {
  account: string;
  version: number;
  balanceEurCents: number;
  lastEventType?: LedgerEvent['type'];
}

const emptyView = (account: string): BalanceView => ({ account, version: 0, balanceEurCents: 0 });

/**
 * The read model behind the balances page: one view per account, built from the ledger's
 * events in version order. Deliveries may come twice or out of order; an event that is
 * ahead of the view is parked until the gap is filled, one already applied is ignored.
 */
export class BalanceProjection {
  private readonly views = new Map<string, BalanceView>();
  private readonly parked = new Map<string, Map<number, LedgerEvent>>();
  applied = 0;
  ignored = 0;

  constructor(
    private readonly rates: RateCache,
    private readonly pricing: PricingApi,
  ) {}

  /** The bus handler: an arrow property so it can be passed around unbound. */
  readonly handle = async (event: LedgerEvent): Promise<void> => {
    await this.apply(event);
  };

  view(account: string): BalanceView {
    return { ...(this.views.get(account) ?? emptyView(account)) };
  }

  get parkedCount(): number {
    let n = 0;
    for (const byVersion of this.parked.values()) n += byVersion.size;
    return n;
  }

  private park(event: LedgerEvent): void {
    const byVersion = this.parked.get(event.stream) ?? new Map<number, LedgerEvent>();
    byVersion.set(event.version, event);
    this.parked.set(event.stream, byVersion);
  }

  private takeParked(stream: string, version: number): LedgerEvent | undefined {
    const byVersion = this.parked.get(stream);
    const event = byVersion?.get(version);
    if (event) byVersion!.delete(version);
    return event;
  }

  private async apply(event: LedgerEvent): Promise<void> {
    const view = this.views.get(event.stream) ?? emptyView(event.stream);
    if (event.version <= view.version) {
      this.ignored++;
      return;
    }
    if (event.version > view.version + 1) {
      this.park(event);
      return;
    }
    const eurCents = await this.rates.toEurCents(event.amount, event.currency);
    const fee = await this.pricing.feeCents(event.stream, eurCents, event.currency);
    const delta = event.type === 'deposited' ? eurCents - fee : -(eurCents + fee);
    this.views.set(event.stream, {
      account: event.stream,
      version: event.version,
      balanceEurCents: view.balanceEurCents + delta,
      lastEventType: event.type,
    });
    this.applied++;
    const next = this.takeParked(event.stream, event.version + 1);
    if (next) await this.apply(next);
  }
}

/** The command side: records deposits and withdrawals, retrying on a version conflict. */
export class Ledger {
  constructor(
    private readonly store: EventStore,
    private readonly bus: EventBus,
  ) {}

  deposit(account: string, amount: number, currency = 'EUR'): Promise<LedgerEvent> {
    return this.record(account, 'deposited', amount, currency);
  }

  withdraw(account: string, amount: number, currency = 'EUR'): Promise<LedgerEvent> {
    return this.record(account, 'withdrawn', amount, currency);
  }

  private async record(account: string, type: LedgerEvent['type'], amount: number, currency: string): Promise<LedgerEvent> {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error('amount must be a positive whole number');
    for (let attempt = 1; ; attempt++) {
      const expected = this.store.read(account).length;
      try {
        const event = await this.store.append(account, expected, { type, amount, currency });
        this.bus.publish(event);
        return event;
      } catch (err) {
        if (attempt >= 20 || !/version conflict/.test(String(err))) throw err;
      }
    }
  }
}

/** Replays a stream straight from the store, the way the nightly rebuild does. */
export async function rebuild(store: EventStore, rates: RateCache, pricing: PricingApi, account: string): Promise<BalanceView> {
  let view = emptyView(account);
  for (const event of store.read(account)) {
    const eurCents = await rates.toEurCents(event.amount, event.currency);
    const fee = await pricing.feeCents(account, eurCents, event.currency);
    const delta = event.type === 'deposited' ? eurCents - fee : -(eurCents + fee);
    view = { account, version: event.version, balanceEurCents: view.balanceEurCents + delta, lastEventType: event.type };
  }
  return view;
}

export function createBalances(options: { ackTimeoutMs: number; maxDelayMs: number }, rates: RateCache, pricing: PricingApi) {
  const store = new EventStore();
  const bus = new EventBus(options);
  const projection = new BalanceProjection(rates, pricing);
  bus.subscribe(projection.handle);
  return { store, bus, projection, ledger: new Ledger(store, bus) };
}
