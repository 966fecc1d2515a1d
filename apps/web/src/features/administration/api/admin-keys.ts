/** Every administration query lives under this key, so one change refreshes all of them. */
export const adminKey = ['administration'] as const;
