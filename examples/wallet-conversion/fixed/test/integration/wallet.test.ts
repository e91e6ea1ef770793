import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Wallet } from '../../src/wallet.ts';
import { FixedRates } from '../fixed-rates.ts';

// A statement taken while the wallet converts must show it before (100 EUR) or after (200 USD)
// the conversion, never a mix of the two.
test('a statement during a conversion is the balance before or after it', async () => {
  const wallet = new Wallet(new FixedRates({ 'EUR>USD': 2 }), 100, 'EUR');
  const [, statement] = await Promise.all([wallet.convert('USD'), wallet.statement()]);
  assert.ok(statement === '100.00 EUR' || statement === '200.00 USD', `statement "${statement}" mixes the balance and currency of two states`);
  assert.equal(await wallet.statement(), '200.00 USD');
});
