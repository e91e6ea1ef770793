import { PointsLedger } from '../src/ledger';
import { PointsStore } from '../src/store';
import { PartnerGateway, RewardsService } from '../src/rewards';

export function buildRewards(latency?: [number, number]) {
  const store = new PointsStore(latency);
  const ledger = new PointsLedger(store);
  const partner = new PartnerGateway();
  const catalogue = new Map([
    ['mug', { id: 'mug', cost: 200 }],
    ['tote', { id: 'tote', cost: 150 }],
    ['lounge', { id: 'lounge', cost: 900 }],
  ]);
  return { store, ledger, partner, rewards: new RewardsService(ledger, partner, catalogue) };
}
