import type { Namespace } from '../locales/resources.ts';

/** Every namespace, so component tests never suspend on a translation chunk. */
export const allNamespaces: Namespace[] = [
  'common',
  'auth',
  'organisations',
  'dashboard',
  'lifts',
  'events',
  'calls',
  'subscriptions',
  'periods',
  'reports',
  'realtime',
  'account',
  'administration',
  'lift-spreadsheets',
  'lift-stickers',
  'sense-modules',
  'sense-labels',
  'inspections',
  'webhooks',
  'escalations',
];
