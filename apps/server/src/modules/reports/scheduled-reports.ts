// Scheduled organisation reports (issue 20): every pass finds the subscribers whose latest due
// period (see report-schedule.ts) has no delivery yet, builds the report in their language, and in
// one transaction claims (user, organisation, cadence, period) with a unique row and queues the
// mail. The claim is the exactly-once guard across nodes and restarts, so every node may run the
// pass; the durable mail queue then carries the retries.
import type { FastifyBaseLogger } from 'fastify';
import { roleNames, type RoleName } from '@liftwacht/contracts/auth';
import { hasPermission, type OrganisationType } from '@liftwacht/contracts/permissions';
import { reportCadences, savedReportFileName, savedReportsKept } from '@liftwacht/contracts/reports';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { PeriodicPass } from '../../lib/periodic-pass.ts';
import type { MailQueueWorker } from '../notifications/mail-queue-worker.ts';
import { buildReportPdf, type BuiltReport } from './report-pdf-bytes.ts';
import { latestDuePeriod, type ScheduledPeriod } from './report-schedule.ts';
import type { ReportsService } from './reports.service.ts';
import type { SavedReportsRepository } from './saved-reports.repository.ts';
import { renderScheduledReportMail } from './scheduled-report-mail.ts';
import type { ReportSubscriber, ScheduledReportsRepository } from './scheduled-reports.repository.ts';

/** How often each node looks for due reports. */
export const scheduledReportsIntervalMs = 5 * 60_000;

export interface ScheduledReportsSettings {
  /** A larger PDF is not attached; the mail links to the kept report instead (10 MB). */
  attachLimitBytes: number;
  /** Subscribers handled per cadence and pass; the next pass continues. */
  batchSize: number;
}

export const defaultScheduledReportsSettings: ScheduledReportsSettings = {
  attachLimitBytes: 10 * 1024 * 1024,
  batchSize: 50,
};

/** The queue key of one subscriber's mail for one period. */
export const scheduledReportMailKey = (s: Pick<ReportSubscriber, 'userId' | 'organisationId'>, p: ScheduledPeriod) =>
  `report:${p.cadence}:${p.from}:user:${String(s.userId)}:organisation:${String(s.organisationId)}`;

export interface ScheduledReportsDeps {
  db: Db;
  repository: ScheduledReportsRepository;
  saved: SavedReportsRepository;
  mailQueue: MailQueueWorker;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** runOnce() answers how many mails it queued. */
export class ScheduledReportsJob extends PeriodicPass<number> {
  private reports: ReportsService | null = null;

  constructor(
    private readonly deps: ScheduledReportsDeps,
    readonly settings: ScheduledReportsSettings = defaultScheduledReportsSettings,
  ) {
    super('scheduled reports', deps.log);
  }

  /** The report's figures come from the dashboard, which exists once the routes are registered. */
  useReports(reports: ReportsService): void {
    this.reports = reports;
  }

  override start(intervalMs: number = scheduledReportsIntervalMs): void {
    super.start(intervalMs);
    // What fell due while the server was down goes out soon after start, not at the first tick.
    this.catchUpSoon();
  }

  protected async pass(): Promise<number> {
    const reports = this.reports;
    if (!reports) return 0;
    const now = this.deps.clock.now();
    let queued = 0;
    for (const cadence of reportCadences) {
      const period = latestDuePeriod(cadence, now);
      const subscribers = await this.deps.repository.undelivered(
        cadence,
        period.from,
        period.dueAt,
        this.settings.batchSize,
      );
      for (const subscriber of subscribers) {
        try {
          queued += await this.deliver(reports, subscriber, period, now);
        } catch (err) {
          // Nothing was claimed: the next pass tries this subscriber again.
          this.deps.log.error({ err, userId: subscriber.userId, cadence }, 'scheduled report could not be prepared');
        }
      }
    }
    if (queued > 0) this.deps.mailQueue.wake();
    return queued;
  }

  private async deliver(
    reports: ReportsService,
    subscriber: ReportSubscriber,
    period: ScheduledPeriod,
    now: Date,
  ): Promise<number> {
    const roles = subscriber.roles.filter((r): r is RoleName => (roleNames as readonly string[]).includes(r));
    let built: BuiltReport | null = null;
    let skipped: string | null = null;
    const organisationType = subscriber.userOrganisationType as OrganisationType;
    if (subscriber.disabled || !hasPermission(roles, 'reports.download', organisationType)) {
      skipped = 'no permission to download reports';
    } else {
      const principal = {
        userId: subscriber.userId,
        sessionId: 'scheduled-report',
        username: subscriber.username,
        organisationId: subscriber.userOrganisationId,
        organisationType,
        roles,
      };
      try {
        built = await buildReportPdf(
          reports,
          principal,
          { organisationId: subscriber.organisationId, ...period },
          null,
        );
      } catch (err) {
        // Lost access to the organisation, or it has no lifts: recorded once, not retried every pass.
        if (!(err instanceof AppError) || (err.statusCode !== 403 && err.statusCode !== 404)) throw err;
        skipped = err.statusCode === 403 ? 'no access to period figures' : 'organisation not found or without lifts';
      }
    }

    return this.deps.db.transaction(async (tx) => {
      const claim = { ...subscriber, cadence: period.cadence, from: period.from, to: period.to, skipped, now };
      const deliveryId = await this.deps.repository.claim(tx, claim);
      if (deliveryId === null || built === null) return 0;
      const large = built.pdf.byteLength > this.settings.attachLimitBytes;
      let link: string | null = null;
      if (large) {
        const reportId = await this.deps.saved.save(
          {
            userId: subscriber.userId,
            organisationId: subscriber.organisationId,
            from: period.from,
            to: period.to,
            language: subscriber.locale.startsWith('en') ? 'en' : 'nl',
            pdf: built.pdf,
            createdAt: now,
          },
          savedReportsKept,
          tx,
        );
        link = `${this.deps.publicUrl}/organisation-report?report=${String(reportId)}`;
      }
      const mail = renderScheduledReportMail(
        {
          cadence: period.cadence,
          from: period.from,
          organisationName: built.organisationName,
          recipientName: subscriber.name,
          locale: subscriber.locale,
          link,
        },
        this.deps.publicUrl,
      );
      const key = scheduledReportMailKey(subscriber, period);
      const filename = savedReportFileName({ organisationId: subscriber.organisationId, ...period });
      const ids = await this.deps.mailQueue.enqueueReturningIds(
        [
          {
            recipient: subscriber.email,
            subject: mail.subject,
            body: mail.text,
            dedupeKey: key,
            attachments: large ? [] : [{ filename, contentType: 'application/pdf', content: built.pdf }],
          },
        ],
        tx,
      );
      const mailId = ids.get(key);
      if (mailId !== undefined) await this.deps.repository.attachMail(tx, deliveryId, mailId);
      return 1;
    });
  }
}
