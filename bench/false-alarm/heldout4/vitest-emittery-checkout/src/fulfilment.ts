import { jitter, Order, OrderBus } from './order-bus.js';

/**
 * Ships placed orders one at a time. Every `placed` event pushes the order and starts the drainer;
 * only one drainer runs, because `running` is checked and set in one synchronous step.
 */
export class Fulfilment {
  private readonly queue: Order[] = [];
  private running = false;
  readonly received: string[] = [];
  readonly shipped: string[] = [];
  readonly failed: string[] = [];
  shippingNow = 0;
  maxShipping = 0;

  constructor(private readonly bus: OrderBus) {
    bus.on('placed', (order) => {
      this.received.push(order.id);
      this.queue.push(order);
      void this.drain();
    });
  }

  get busy(): boolean {
    return this.running;
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const order = this.queue.shift()!;
        this.shippingNow++;
        this.maxShipping = Math.max(this.maxShipping, this.shippingNow);
        try {
          await this.ship(order);
          this.shipped.push(order.id);
          await this.bus.emitSerial('shipped', order);
        } catch {
          this.failed.push(order.id);
          await this.bus.emit('shipFailed', order);
        } finally {
          this.shippingNow--;
        }
      }
    } finally {
      this.running = false;
    }
    await this.bus.emit('idle');
  }

  private async ship(order: Order): Promise<void> {
    await jitter();
    if (order.items <= 0) throw new Error(`order ${order.id} is empty`);
  }
}
