import { CircuitBreaker, CircuitOpenError } from './circuit-breaker.ts';

export interface Charge {
  orderId: string;
  cents: number;
}

export type ChargeResult = { status: 'charged'; reference: string } | { status: 'retry-later' } | { status: 'declined'; reason: string };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fake payment provider: it can be told to be down, and counts the calls that reach it. */
export class FakeProvider {
  down = false;
  calls = 0;
  latencyMs = 1;
  onCall: () => void = () => {};

  async charge(charge: Charge): Promise<string> {
    this.calls++;
    this.onCall();
    await delay(this.latencyMs);
    if (this.down) throw new Error('503 provider unavailable');
    return `ch_${charge.orderId}`;
  }
}

/** Charges orders through the provider; while the provider is failing, callers are asked to retry later. */
export class PaymentGateway {
  constructor(
    private readonly provider: FakeProvider,
    readonly breaker: CircuitBreaker,
  ) {}

  async charge(charge: Charge): Promise<ChargeResult> {
    const problem = checkCharge(charge);
    if (problem) return { status: 'declined', reason: problem };
    try {
      const reference = await this.breaker.exec(() => this.provider.charge(charge));
      return { status: 'charged', reference };
    } catch (err) {
      if (err instanceof CircuitOpenError) return { status: 'retry-later' };
      throw err;
    }
  }
}

export function checkCharge(charge: Charge): string | undefined {
  if (!Number.isInteger(charge.cents) || charge.cents <= 0) return 'amount must be a positive number of cents';
  if (!/^[A-Z0-9-]+$/.test(charge.orderId)) return 'malformed order id';
  return undefined;
}
