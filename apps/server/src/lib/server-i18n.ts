// Text the server itself sends to people (mail, spreadsheet headers and values), in the recipient's
// language. The texts live in locales/{nl,en}/<feature>.json like the web app's.
import enAdministration from '../locales/en/administration.json' with { type: 'json' };
import enAuth from '../locales/en/auth.json' with { type: 'json' };
import enEscalations from '../locales/en/escalations.json' with { type: 'json' };
import enCalls from '../locales/en/calls.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import enDashboard from '../locales/en/dashboard.json' with { type: 'json' };
import enEvents from '../locales/en/events.json' with { type: 'json' };
import enLifts from '../locales/en/lifts.json' with { type: 'json' };
import enLiftSpreadsheets from '../locales/en/lift-spreadsheets.json' with { type: 'json' };
import enLiftStickers from '../locales/en/lift-stickers.json' with { type: 'json' };
import enNotifications from '../locales/en/notifications.json' with { type: 'json' };
import enReportMail from '../locales/en/report-mail.json' with { type: 'json' };
import enReports from '../locales/en/reports.json' with { type: 'json' };
import enSenseLabels from '../locales/en/sense-labels.json' with { type: 'json' };
import enVisits from '../locales/en/visits.json' with { type: 'json' };
import nlAdministration from '../locales/nl/administration.json' with { type: 'json' };
import nlAuth from '../locales/nl/auth.json' with { type: 'json' };
import nlEscalations from '../locales/nl/escalations.json' with { type: 'json' };
import nlCalls from '../locales/nl/calls.json' with { type: 'json' };
import nlCommon from '../locales/nl/common.json' with { type: 'json' };
import nlDashboard from '../locales/nl/dashboard.json' with { type: 'json' };
import nlEvents from '../locales/nl/events.json' with { type: 'json' };
import nlLifts from '../locales/nl/lifts.json' with { type: 'json' };
import nlLiftSpreadsheets from '../locales/nl/lift-spreadsheets.json' with { type: 'json' };
import nlLiftStickers from '../locales/nl/lift-stickers.json' with { type: 'json' };
import nlNotifications from '../locales/nl/notifications.json' with { type: 'json' };
import nlReportMail from '../locales/nl/report-mail.json' with { type: 'json' };
import nlReports from '../locales/nl/reports.json' with { type: 'json' };
import nlSenseLabels from '../locales/nl/sense-labels.json' with { type: 'json' };
import nlVisits from '../locales/nl/visits.json' with { type: 'json' };

const catalogues = {
  nl: {
    administration: nlAdministration,
    auth: nlAuth,
    escalations: nlEscalations,
    calls: nlCalls,
    common: nlCommon,
    dashboard: nlDashboard,
    events: nlEvents,
    lifts: nlLifts,
    'lift-spreadsheets': nlLiftSpreadsheets,
    'lift-stickers': nlLiftStickers,
    notifications: nlNotifications,
    'report-mail': nlReportMail,
    reports: nlReports,
    'sense-labels': nlSenseLabels,
    visits: nlVisits,
  },
  en: {
    administration: enAdministration,
    auth: enAuth,
    escalations: enEscalations,
    calls: enCalls,
    common: enCommon,
    dashboard: enDashboard,
    events: enEvents,
    lifts: enLifts,
    'lift-spreadsheets': enLiftSpreadsheets,
    'lift-stickers': enLiftStickers,
    notifications: enNotifications,
    'report-mail': enReportMail,
    reports: enReports,
    'sense-labels': enSenseLabels,
    visits: enVisits,
  },
} as const;
type Catalogue = (typeof catalogues)['nl'];

export type ServerLanguage = keyof typeof catalogues;

/** nl for Dutch users, en for both English variants. */
export function languageOf(locale: string): ServerLanguage {
  return locale.startsWith('en') ? 'en' : 'nl';
}

export function catalogue(language: ServerLanguage): Catalogue {
  return catalogues[language];
}

export function interpolate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}
