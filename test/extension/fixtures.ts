// A small report in the shape `conlens rank` writes (src/core/report/report-types.ts), modelled on
// examples/account: a `between` and a `candidate` on the same declaration, ties and a violation.
import type { Report } from '../../src/core/report/report-types.ts';

type Position = Report['positions'][number];

export function position(over: Partial<Position> & Pick<Position, 'rank' | 'function' | 'score'>): Position {
  return {
    kind: 'function',
    file: 'src/account.ts',
    line: 10,
    depth: 1,
    order: 1,
    flags: { EN: 0, EX: 1 },
    case: 'case3',
    confirmed: false,
    writer: { writes: false, vars: [], source: 'none' },
    failureInvariants: [],
    reason: 'test',
    status: 'invariant drift only',
    ...over,
  };
}

export function report(): Report {
  return {
    version: 1,
    project: '/p',
    runs: 10,
    strategy: 'random',
    seed: 1,
    positions: [
      position({
        rank: 1,
        kind: 'between',
        function: 'Account.getBalance',
        caller: 'checkThenWithdraw',
        id: 'src/account.ts#Account.getBalance',
        callerId: 'src/account.ts#checkThenWithdraw',
        line: 19,
        depth: 0.5,
        order: 0.5,
        score: 1,
        flags: { EN: 1, EX: 1 },
        case: 'case1',
        confirmed: true,
        status: 'confirmed',
        failureInvariants: [{ point: 'Account.getBalance:::ENTER', reference: 'this.balance >= 0', online: null, relationship: 'JM', type: 'UInt' }],
      }),
      position({
        rank: 2,
        kind: 'candidate',
        function: 'Account.getBalance',
        id: 'src/account.ts#Account.getBalance',
        line: 19,
        score: 1,
        flags: { EN: 1, EX: 1 },
        case: 'candidate',
        failureInvariants: [
          { point: 'Account.getBalance:::ENTER', reference: 'this.balance >= 0', online: null, relationship: 'JM', type: 'UInt' },
          { point: 'Account.getBalance:::EXIT', reference: 'return >= 0', online: null, relationship: 'JM', type: 'UInt' },
        ],
      }),
      position({ rank: 3, function: 'Account.withdraw', id: 'src/account.ts#Account.withdraw', line: 23, depth: 1, order: 2, score: 0.5, confirmed: true, status: 'confirmed', failureInvariants: [{ point: 'Account.withdraw:::EXIT', reference: 'this.balance >= 0', online: 'this.balance >= -40', relationship: 'DJJ', type: 'UInt' }] }),
      position({ rank: 3, function: 'Ledger.add', id: 'src/ledger.ts#Ledger.add', file: 'src/ledger.ts', line: 5, depth: 1, order: 2, score: 0.5 }),
      position({ rank: 5, function: 'InsufficientFundsError.constructor', line: 4, depth: 1, order: 5, score: 0.2 }),
    ],
    violations: [
      {
        kind: 'failed assertion',
        message: 'a withdrawal failed: InsufficientFundsError: balance went negative: -40',
        strategy: 'random',
        seed: 1,
        file: '/p/.conlens/runs/r1/violation.json',
        trace: [
          { step: 1, task: 'T1', function: 'Account.constructor', file: 'src/account.ts', line: 16, event: 'writes balance' },
          { step: 2, task: 'T2', function: 'Account.getBalance', file: 'src/account.ts', line: 20, event: 'asks for lock #2' },
          { step: 3, task: 'T2', function: 'Account.withdraw', file: 'src/account.ts', line: 23, event: 'throws InsufficientFundsError: balance went negative: -40' },
          { step: 4, task: 'T3', function: 'checkThenWithdraw', file: 'src/account.ts', line: 39, event: 'resumes after the await at src/account.ts:39 (decision 6, 1 ready)' },
        ],
      },
    ],
    summary: { referenceInvariants: 41, onlineInvariants: 52, failureInvariants: 20, detectionRate: 1, unreached: [] },
  };
}
