/** Every webhook query lives under this key, so one change refreshes the list, the page and the log. */
export const webhooksKey = ['webhooks'] as const;
