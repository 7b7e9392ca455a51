import { queryRoots } from '@/lib/query-keys';

/** Every overweight query starts with this key; a change to any overweight invalidates them all. */
export const overweightQueryKeyRoot = queryRoots.overweight;
