import { geography } from './geography.js';
import { quoting } from './quoting.js';
import { reports } from './reports.js';
import type { BenchSuite } from './shared.js';
import { shipments } from './shipments.js';
import { tracking } from './tracking.js';

export type { BenchContext, BenchRequest, BenchSuite } from './shared.js';

/** Every suite, in the order `npm run bench` measures them (`npm run bench -- <name>` picks some). */
export const suites: BenchSuite[] = [geography, quoting, shipments, tracking, reports];
