// The controlled scheduler's strategies, one file each (strategy.ts has the interface).
export { EVENT_LOOP_LOCK, mulberry32, type Candidate, type Strategy, type StrategyLookup } from './strategy.js';
export { RandomStrategy } from './random.js';
export { PctStrategy } from './pct.js';
export { ReplayStrategy } from './replay.js';
export { AtomFuzzerStrategy, type AtomNote } from './atomfuzzer.js';
export { AssetFuzzerStrategy, type AsfTarget, type AsfStep } from './assetfuzzer.js';
export { SystematicStrategy } from './systematic.js';
