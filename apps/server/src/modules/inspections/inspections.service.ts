// The rules of recording an inspection (issue 18, DESIGN §4): who may record on which lift, the
// default validity, the certificate's type, and the state events that follow. The figures
// (dashboard approvalRejected/approvalExpired, lift statuses, period figures) read the inspections
// table through db/inspection-status-sql.ts, so a recorded inspection counts the moment it commits;
// the events approval_rejected/approval_expired open and end here the way the seed writes them,
// through app.liftEvents, which queues the subscribers' mails in the same transaction. An approval
// that runs out later opens approval_expired by the background pass in approval-expiry.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  defaultValidUntil,
  inspectionCertificateField,
  nextInspectionDue,
  type Inspection,
  type LiftInspectionsQuery,
  type RecordInspectionFields,
} from '@liftwacht/contracts/inspections';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UploadedFile } from '../../lib/multipart-form.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { principalOf } from '../../plugins/auth.ts';
import { uploadFingerprint, type Idempotency } from '../../plugins/idempotency.ts';
import type { LiftEventRecorder } from '../events/event-recorder.ts';
import { followInspectionState } from './inspection-state.ts';
import type { InspectionsRepository } from './inspections.repository.ts';

/** A PDF starts with these bytes whatever its name says. */
const pdfMagic = Buffer.from('%PDF-', 'latin1');

export interface InspectionEffects {
  events: LiftEventRecorder;
  audit: Audit;
  /** At most once per Idempotency-Key: a phone's retry or double tap answers the first answer. */
  idempotency: Idempotency;
  /** After the commit: send the queued mails and tell the organisation's dashboards. */
  committed(organisationId: number): void;
}

export class InspectionsService {
  constructor(
    private readonly repository: InspectionsRepository,
    private readonly access: OrganisationAccess,
    private readonly clock: Clock,
    private readonly effects: InspectionEffects,
  ) {}

  async liftInspections(principal: Principal, liftId: number, query: LiftInspectionsQuery) {
    const lift = await this.liftInScope(principal, liftId);
    const page = await this.repository.page(liftId, query.limit, query.offset);
    const nextDue = nextInspectionDue(await this.repository.latestValidUntil(liftId), lift.commissionedOn);
    return { ...page, nextDue };
  }

  async certificate(principal: Principal, inspectionId: number) {
    const found = await this.repository.certificate(inspectionId);
    if (!found || !(await this.access.canAccess(principal, found.organisationId))) throw notFound('Certificate');
    return found;
  }

  async record(
    request: FastifyRequest,
    reply: FastifyReply,
    liftId: number,
    fields: RecordInspectionFields,
    file: UploadedFile | undefined,
  ): Promise<Inspection> {
    const principal = principalOf(request);
    const lift = await this.liftInScope(principal, liftId);
    const recorder = await this.assertMayRecord(principal, lift.organisationId);
    const certificate = certificateOf(file);
    const validUntil = fields.validUntil ?? defaultValidUntil(fields.inspectedOn, fields.kind, fields.result);
    void reply.code(201);
    const { body, fresh } = await this.effects.idempotency.transaction(
      request,
      reply,
      async (tx) => {
        const now = this.clock.now();
        await this.repository.lockLift(tx, liftId);
        const row = await this.repository.insert(tx, {
          liftId,
          inspectedOn: fields.inspectedOn,
          kind: fields.kind,
          result: fields.result,
          findings: fields.findings,
          validUntil,
          body: recorder,
          certificate,
          recordedBy: principal.userId,
          recordedAt: now,
        });
        await this.effects.audit.record(tx, request, {
          organisationId: lift.organisationId,
          action: 'inspection.recorded',
          subjectType: 'inspection',
          subjectId: row.id,
          before: null,
          after: row,
        });
        // A back-dated inspection behind a later one changes no state.
        if (await this.repository.isLatest(tx, liftId, row.id)) {
          await followInspectionState(this.effects.events, tx, row, now);
        }
        return row;
      },
      // The upload is read as a stream, not as a body Fastify keeps: the key's request is told by
      // the fields and the certificate's bytes.
      { fingerprint: uploadFingerprint(fields, file) },
    );
    if (fresh) this.effects.committed(lift.organisationId);
    return body;
  }

  private async liftInScope(principal: Principal, liftId: number) {
    const lift = await this.repository.lift(liftId);
    if (!lift || !(await this.access.canAccess(principal, lift.organisationId))) throw notFound('Lift');
    return lift;
  }

  /**
   * The permission table let the principal in (administrators, system-admin, an inspection
   * company's users); here the scope narrows: administrators record on their own organisation's
   * lifts only, an inspection company on those of the organisations that granted it access (the
   * lift was found in its scope), system-admin everywhere. A maintenance company's administrator
   * reaching the lift through a grant is refused. Answers the name the inspection is recorded under.
   */
  private async assertMayRecord(principal: Principal, liftOrganisationId: number): Promise<string | null> {
    const inspectionCompany = principal.organisationType === 'inspection';
    if (
      !inspectionCompany &&
      !seesEveryOrganisation(principal.roles) &&
      principal.organisationId !== liftOrganisationId
    ) {
      throw new AppError(
        403,
        'forbidden',
        "Inspections are recorded by an inspection company serving the lift's organisation or by its administrators",
      );
    }
    if (!inspectionCompany) return null;
    return (await this.repository.organisation(principal.organisationId))?.name ?? null;
  }
}

/** The certificate, if one came: a PDF by its content (415 otherwise), whatever its name says. */
function certificateOf(file: UploadedFile | undefined): UploadedFile | null {
  // A browser sends an empty part for a file input left empty.
  if (!file || file.content.length === 0) return null;
  if (!file.content.subarray(0, pdfMagic.length).equals(pdfMagic)) {
    throw new AppError(415, 'unsupported_media_type', 'certificate: must be a PDF file', inspectionCertificateField);
  }
  const fileName = /\.pdf$/i.test(file.fileName) ? file.fileName : `${file.fileName}.pdf`;
  return { fileName, content: file.content };
}
