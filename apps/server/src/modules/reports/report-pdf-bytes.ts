// The organisation report as bytes in memory, in a chosen language: what the report page keeps
// and a scheduled mail attaches. The figures come from ReportsService, the layout from
// organisation-report.ts, exactly as POST /report/pdf streams them.
import type { ReportLanguage } from '@liftwacht/contracts/reports';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { drawReport } from './report-builds.ts';
import type { OrganisationReport } from './report-model.ts';
import type { ReportsService } from './reports.service.ts';

export interface BuiltReport {
  organisationName: string;
  pdf: Uint8Array;
}

export interface ReportPeriod {
  organisationId: number;
  from: string;
  to: string;
}

/** The reader's locale in the chosen language: an en-US reader keeps American dates in English. */
export function localeFor(
  language: ReportLanguage,
  userLocale: OrganisationReport['locale'],
): OrganisationReport['locale'] {
  if (language === 'nl') return 'nl';
  return userLocale === 'en-US' ? 'en-US' : 'en-GB';
}

export async function buildReportPdf(
  reports: ReportsService,
  principal: Principal,
  period: ReportPeriod,
  language: ReportLanguage | null,
): Promise<BuiltReport> {
  const report = await reports.organisationReport(principal, {
    subjectId: period.organisationId,
    report: 'organisation',
    from: period.from,
    to: period.to,
  });
  const localised = language === null ? report : { ...report, locale: localeFor(language, report.locale) };
  const chunks: Buffer[] = [];
  for await (const chunk of await drawReport(localised)) chunks.push(chunk as Buffer);
  return { organisationName: report.organisation.name, pdf: new Uint8Array(Buffer.concat(chunks)) };
}
