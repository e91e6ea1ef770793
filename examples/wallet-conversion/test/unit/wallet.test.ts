import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Wallet } from '../../src/wallet.ts';
import { FixedRates } from '../fixed-rates.ts';

const rates = () => new FixedRates({ 'EUR>USD': 2, 'USD>EUR': 0.5, 'EUR>GBP': 0.8 });

test('a new wallet states its balance in its currency', async () => {
  assert.equal(await new Wallet(rates(), 100, 'EUR').statement(), '100.00 EUR');
  assert.equal(await new Wallet(rates(), 0, 'USD').statement(), '0.00 USD');
});

test('convert changes the amount and the currency together', async () => {
  const wallet = new Wallet(rates(), 100, 'EUR');
  await wallet.convert('USD');
  assert.equal(await wallet.statement(), '200.00 USD');
  await wallet.convert('EUR');
  assert.equal(await wallet.statement(), '100.00 EUR');
  await wallet.convert('GBP');
  assert.equal(await wallet.statement(), '80.00 GBP');
});

test('converting into the same currency changes nothing', async () => {
  const wallet = new Wallet(rates(), 42.5, 'EUR');
  await wallet.convert('EUR');
  assert.equal(await wallet.statement(), '42.50 EUR');
});

test('conversions are recorded', async () => {
  const source = rates();
  const wallet = new Wallet(source, 10, 'EUR');
  await wallet.convert('USD');
  assert.deepEqual(source.log, ['converted to USD at 2']);
});

test('an unknown rate is an error and leaves the wallet alone', async () => {
  const wallet = new Wallet(rates(), 10, 'USD');
  await assert.rejects(wallet.convert('JPY'), /no rate from USD to JPY/);
  assert.equal(await wallet.statement(), '10.00 USD');
});
