import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BonusService } from '../../src/bonus-service.ts';
import { applyBonus, formatBoard, Leaderboard } from '../../src/leaderboard.ts';

test('applyBonus rounds', () => {
  assert.equal(applyBonus(10, 1.5), 15);
  assert.equal(applyBonus(3, 1.5), 5);
});

test('scores add up with bonuses and rank', async () => {
  const board = new Leaderboard(new BonusService({ ann: 2 }));
  await board.addScore('ann', 10);
  await board.addScore('bob', 15);
  await board.addScore('bob', 10);
  assert.equal(board.scoreOf('ann'), 20);
  assert.deepEqual(board.top(2), [{ player: 'bob', score: 25, rank: 1 }, { player: 'ann', score: 20, rank: 2 }]);
  assert.equal(formatBoard(board.top(1)), '1. bob          25');
  board.reset('bob');
  assert.equal(board.scoreOf('bob'), 0);
});
