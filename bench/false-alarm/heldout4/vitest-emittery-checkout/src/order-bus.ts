import Emittery from 'emittery';

export interface Order {
  id: string;
  items: number;
}

export interface Quote {
  generation: number;
  cart: string;
  total: number;
}

export type BusEvents = {
  placed: Order;
  shipped: Order;
  shipFailed: Order;
  quoteShown: Quote;
  idle: undefined;
};

export type OrderBus = Emittery<BusEvents>;

export const createBus = (): OrderBus => new Emittery<BusEvents>();

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
export const jitter = () => pause(Math.floor(Math.random() * 5));
