// The translation namespaces. Dutch common and auth are bundled (the login page needs them before
// anything else); every other namespace and language is its own small chunk, loaded when a page
// asks for it. Dutch types the keys (see i18next.d.ts); locale-parity.test.ts keeps English equal.
import nlAuth from './nl/auth.json';
import nlCommon from './nl/common.json';

export const bundledResources = { nl: { common: nlCommon, auth: nlAuth } };

export interface Resources {
  common: typeof nlCommon;
  auth: typeof nlAuth;
  organisations: typeof import('./nl/organisations.json');
  dashboard: typeof import('./nl/dashboard.json');
  lifts: typeof import('./nl/lifts.json');
  events: typeof import('./nl/events.json');
  calls: typeof import('./nl/calls.json');
  subscriptions: typeof import('./nl/subscriptions.json');
  periods: typeof import('./nl/periods.json');
  reports: typeof import('./nl/reports.json');
  realtime: typeof import('./nl/realtime.json');
  account: typeof import('./nl/account.json');
  administration: typeof import('./nl/administration.json');
  'lift-spreadsheets': typeof import('./nl/lift-spreadsheets.json');
  'lift-stickers': typeof import('./nl/lift-stickers.json');
  'sense-modules': typeof import('./nl/sense-modules.json');
  'sense-labels': typeof import('./nl/sense-labels.json');
  inspections: typeof import('./nl/inspections.json');
  webhooks: typeof import('./nl/webhooks.json');
  escalations: typeof import('./nl/escalations.json');
  'get-started': typeof import('./nl/get-started.json');
}

export type Namespace = keyof Resources;

/** The namespaces the first screen (login or shell) needs. */
export const initialNamespaces: Namespace[] = ['common', 'auth'];

// The whole module, not `import: 'default'`: that option repeats `.then(e=>e.default)` in every
// entry of this map, which the login route downloads; unwrapping once below costs those bytes once.
const loaders = import.meta.glob<{ default: object }>(['./*/*.json', '!./nl/common.json', '!./nl/auth.json']);

/** The translations of one namespace in one language folder (`nl` or `en`), or null. */
export async function loadNamespace(language: string, namespace: string): Promise<object | null> {
  const load = loaders[`./${language}/${namespace}.json`];
  return load ? (await load()).default : null;
}
