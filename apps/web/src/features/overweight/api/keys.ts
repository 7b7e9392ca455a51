/** Every overweight query starts with this key; a change to any overweight invalidates them all. */
export const overweightQueryKeyRoot = ['overweight'] as const;
