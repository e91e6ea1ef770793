// The report of `conlens rank` (DESIGN §4): what the CLI prints, writes as JSON and the editor shows.
import type { SuspiciousPosition } from '../localize/localize-types.js';
import type { ScheduleStep, ViolationKind } from '../active/violation.js';

export interface ReportViolation {
  kind: ViolationKind;
  message: string;
  strategy: string;
  seed: number;
  file?: string;
  trace: ScheduleStep[];
}

export interface Report {
  version: 1;
  project: string;
  /** Integration runs under the scheduler. */
  runs: number;
  strategy: string;
  seed: number;
  positions: (SuspiciousPosition & { status: 'confirmed' | 'invariant drift only' })[];
  violations: ReportViolation[];
  /** Numbers a user wants to see next to the ranking. */
  summary: {
    referenceInvariants: number;
    onlineInvariants: number;
    failureInvariants: number;
    detectionRate: number;
    unreached: string[];
  };
}
