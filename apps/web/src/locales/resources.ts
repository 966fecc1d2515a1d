// Every translation namespace, per language. Dutch is the reference: its shape types the keys
// (see i18next.d.ts), and locale-parity.test.ts fails when English misses or adds a key.
import enAuth from './en/auth.json';
import enCalls from './en/calls.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enEvents from './en/events.json';
import enLifts from './en/lifts.json';
import enOrganisations from './en/organisations.json';
import enPeriods from './en/periods.json';
import enReports from './en/reports.json';
import enSubscriptions from './en/subscriptions.json';
import nlAuth from './nl/auth.json';
import nlCalls from './nl/calls.json';
import nlCommon from './nl/common.json';
import nlDashboard from './nl/dashboard.json';
import nlEvents from './nl/events.json';
import nlLifts from './nl/lifts.json';
import nlOrganisations from './nl/organisations.json';
import nlPeriods from './nl/periods.json';
import nlReports from './nl/reports.json';
import nlSubscriptions from './nl/subscriptions.json';

export const nlResources = {
  common: nlCommon,
  auth: nlAuth,
  organisations: nlOrganisations,
  dashboard: nlDashboard,
  lifts: nlLifts,
  events: nlEvents,
  calls: nlCalls,
  subscriptions: nlSubscriptions,
  periods: nlPeriods,
  reports: nlReports,
};

export const enResources: Record<keyof typeof nlResources, object> = {
  common: enCommon,
  auth: enAuth,
  organisations: enOrganisations,
  dashboard: enDashboard,
  lifts: enLifts,
  events: enEvents,
  calls: enCalls,
  subscriptions: enSubscriptions,
  periods: enPeriods,
  reports: enReports,
};

export type Namespace = keyof typeof nlResources;

export const namespaces = Object.keys(nlResources) as Namespace[];
