// Daikon's justification arithmetic, with exact numbers (confidence.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  boundConfidence,
  confIsGe,
  linearBinaryConfidence,
  linearTernaryConfidence,
  modulusConfidence,
  nonZeroConfidence,
  orderConfidence,
  probAnd,
  probIsGe,
  probOr,
} from '../../src/core/invariants/confidence.ts';

const close = (actual: number, expected: number) => assert.ok(Math.abs(actual - expected) < 1e-12, `${actual} ≠ ${expected}`);

test('prob_is_ge / conf_is_ge / prob_and / prob_or (Invariant.java)', () => {
  assert.equal(probIsGe(3, 3), 0);
  assert.equal(probIsGe(1, 3), 1);
  close(probIsGe(2, 3), 0.5);
  close(probIsGe(3, 18.5), 15.5 / 17.5);
  assert.equal(confIsGe(4, 4), 1);
  assert.equal(confIsGe(1, 4), 0);
  close(confIsGe(3, 4), 2 / 3);
  close(probAnd(0.5, 0.5), 0.75);
  close(probAnd(0.1, 0.2, 0.3), 1 - 0.9 * 0.8 * 0.7);
  assert.equal(probOr(0.2, 0.7), 0.2);
});

test('order comparisons and != : 1 − 0.5^n, justified from 7 samples at 0.99', () => {
  close(orderConfidence(6), 1 - 1 / 64); // 0.984375 < 0.99
  close(orderConfidence(7), 0.9921875);
  assert.ok(orderConfidence(6) < 0.99 && orderConfidence(7) >= 0.99);
});

test('NonZero: (1 − 1/range)^n by chance; range capped at 50, 3 for pointers; one-sided ranges refused', () => {
  // values in −5…4: range 10, 20 samples → 1 − 0.9^20
  close(nonZeroConfidence({ pointer: false, min: -5, max: 4, modulus: 1, samples: 20 }), 1 - 0.9 ** 20);
  // modulus 2 halves the range: 1 − 0.8^20
  close(nonZeroConfidence({ pointer: false, min: -5, max: 4, modulus: 2, samples: 20 }), 1 - 0.8 ** 20);
  close(nonZeroConfidence({ pointer: false, min: -1000, max: 1000, modulus: 1, samples: 10 }), 1 - 0.98 ** 10);
  close(nonZeroConfidence({ pointer: true, min: 1, max: 9, modulus: 1, samples: 12 }), 1 - (2 / 3) ** 12);
  assert.ok(nonZeroConfidence({ pointer: true, min: 1, max: 9, modulus: 1, samples: 11 }) < 0.99);
  assert.ok(nonZeroConfidence({ pointer: true, min: 1, max: 9, modulus: 1, samples: 12 }) >= 0.99);
  assert.equal(nonZeroConfidence({ pointer: false, min: 1, max: 9, modulus: 1, samples: 100 }), 0, 'x >= 1 says more');
});

test('bounds: at least 3 samples at the bound, and 5× the uniform share or three even neighbours', () => {
  // z in 0…9 over 37 samples: 9 seen 3×, 8 seen 5×, 7 seen 3× (the running example's ENTER).
  const upper = { v1: 9, n1: 3, v2: 8, n2: 5, v3: 7, n3: 3, far: 0, samples: 37 };
  assert.equal(boundConfidence(upper), 1, 'three even neighbours above half the average (3.7 / 2)');
  // Only 2 samples at the bound: prob_is_ge(2, 3) = 0.5 ⇒ confidence ≤ 0.5.
  close(boundConfidence({ ...upper, n1: 2 }), 1 - probAnd(0.5, 0));
  // Bound 0 expects 5× fewer samples: avg = 40/10/5 = 0.8; 4 samples at 0 ≥ 5·0.8.
  assert.equal(boundConfidence({ v1: 0, n1: 4, v2: 5, n2: 1, v3: 7, n3: 1, far: 9, samples: 40 }), 1);
  // Far from uniform neither way: 3 samples at 1 of 100 over range 1…10 → trunc (50−3)/49.
  close(boundConfidence({ v1: 1, n1: 3, v2: 5, n2: 10, v3: 6, n3: 10, far: 10, samples: 100 }), 1 - probAnd(0, (50 - 3) / 49));
});

test('Modulus, LinearBinary (MINPAIRS 4), LinearTernary (MINTRIPLES 5)', () => {
  close(modulusConfidence(2, 7), 1 - 0.5 ** 7);
  close(modulusConfidence(3, 10), 1 - (2 / 3) ** 10);
  assert.equal(modulusConfidence(1, 100), 0);
  assert.equal(linearBinaryConfidence(4), 1);
  close(linearBinaryConfidence(3), 2 / 3);
  close(linearBinaryConfidence(2), 1 / 3);
  assert.equal(linearTernaryConfidence(5, true), 1);
  close(linearTernaryConfidence(4, true), 0.75);
  assert.equal(linearTernaryConfidence(9, false), 0);
});
