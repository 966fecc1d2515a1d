/** Every module query lives under this key, so one change refreshes the list and the page. */
export const modulesKey = ['sense-modules'] as const;

/** The lift pages and lists show a lift's module: a link change refreshes them too. */
export const liftsKey = ['lifts'] as const;
