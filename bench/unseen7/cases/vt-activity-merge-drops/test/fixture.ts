import { AccountDirectory, ActivityFeed } from '../src/activity';
import { EventStore } from '../src/events';

export function setup() {
  const store = new EventStore();
  const directory = new AccountDirectory({
    acme: { id: 'acme', name: 'Acme Ltd', plan: 'pro' },
    bolt: { id: 'bolt', name: 'Bolt & Co', plan: 'free' },
    cove: { id: 'cove', name: 'Cove Inc', plan: 'free' },
  });
  store.append('orders', 'acme', { sku: 'A-100', qty: 2 });
  store.append('payments', 'acme', { cents: 4200, currency: 'EUR' });
  store.append('orders', 'bolt', { sku: 'B-7', qty: 1 });
  store.append('tickets', 'acme', { subject: 'late delivery' });
  store.append('orders', 'acme', { sku: 'A-220', qty: 1 });
  store.append('payments', 'bolt', { cents: 999, currency: 'EUR' });
  store.append('payments', 'acme', { cents: 1500, currency: 'EUR' });
  store.append('orders', 'acme', { sku: 'A-100', qty: 5 });
  store.append('tickets', 'bolt', { subject: 'invoice copy' });
  store.append('orders', 'bolt', { sku: 'B-9', qty: 3 });
  store.append('orders', 'cove', { sku: 'C-1', qty: 1 });
  store.append('orders', 'cove', { sku: 'C-2', qty: 4 });
  store.append('orders', 'cove', { sku: 'C-3', qty: 2 });
  return { store, directory, feed: new ActivityFeed(store, directory) };
}
