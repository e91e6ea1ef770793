// 004 IV-D: call order and depth of functions and of the positions between two functions.

import type { RunCallOrders } from './localize-types.js';

/** Eq. (1): order(f) = (Σ_i Σ_j o_ij) / (Σ_i m_i) — the mean of every recorded call order of f
 *  over the n runs (o_ij: the order of f's j-th call in run i; m_i: how often f ran in run i).
 *  `resolve` maps the names the runs use to one key (node id); the result is keyed by it. */
export function callOrders(runs: RunCallOrders[], resolve: (name: string) => string = (n) => n): Map<string, number> {
  const sum = new Map<string, number>();
  const count = new Map<string, number>();
  for (const run of runs)
    for (const { function: fn, orders } of run) {
      const key = resolve(fn);
      for (const o of orders) {
        if (!Number.isFinite(o)) continue;
        sum.set(key, (sum.get(key) ?? 0) + o);
        count.set(key, (count.get(key) ?? 0) + 1);
      }
    }
  const mean = new Map<string, number>();
  for (const [key, n] of count) mean.set(key, sum.get(key)! / n);
  return mean;
}

/** 004 IV-F candidates: the functions invoked more than once in at least one integration run. */
export function invokedMoreThanOnce(runs: RunCallOrders[], resolve: (name: string) => string = (n) => n): Set<string> {
  const many = new Set<string>();
  for (const run of runs) {
    const perRun = new Map<string, number>();
    for (const { function: fn, orders } of run) perRun.set(resolve(fn), (perRun.get(resolve(fn)) ?? 0) + orders.length);
    for (const [key, n] of perRun) if (n > 1) many.add(key);
  }
  return many;
}

/** Eq. (2): order(f_ji) = (order(f_i) + order(f_j)) / 2; null when either is unknown. */
export function betweenOrder(orderJ: number | null, orderI: number | null): number | null {
  return orderJ === null || orderI === null ? null : (orderI + orderJ) / 2;
}

/** Eq. (3): depth(f_ji) = (depth(f_i) + depth(f_j)) / 2. */
export function betweenDepth(depthJ: number, depthI: number): number {
  return (depthI + depthJ) / 2;
}

/** S_rate(p) = depth(p) / order(p). 0 when the order is unknown or not positive (only a root has
 *  order 0 in the paper's tables, and its depth is 0 too). */
export function suspiciousRate(depth: number, order: number | null): number {
  if (order === null || !(order > 0)) return 0;
  return depth / order;
}
