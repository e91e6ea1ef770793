import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BonusService } from '../../src/bonus-service.ts';
import { Leaderboard } from '../../src/leaderboard.ts';

test('a player scores in several matches that end at the same time', async () => {
  const board = new Leaderboard(new BonusService({ cyd: 2 }));
  await Promise.all([board.addScore('cyd', 10), board.addScore('cyd', 5), board.addScore('dee', 7), board.addScore('cyd', 1)]);
  assert.equal(board.scoreOf('cyd'), 32);
  assert.equal(board.scoreOf('dee'), 7);
});
