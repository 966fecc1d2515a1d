// The webhook pages' paths (issue 19). Not in paths.ts, which is part of the login route's bundle.

const segment = (value: string | number): string => encodeURIComponent(String(value));

export const webhookPaths = {
  list: '/admin/webhooks',
  webhook: (webhookId: string | number) => `/admin/webhooks/${segment(webhookId)}`,
} as const;
