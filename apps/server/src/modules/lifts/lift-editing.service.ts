// The rules of the lift form: who may create and edit which lifts, and what a conflict answers.
// The writing itself (bulk statements, version check, owner numbers, audit) belongs to app.liftWrites,
// which the spreadsheet import shares, so a lift is written the same way whichever door it comes in.
import type { FastifyRequest } from 'fastify';
import type { CreateLift, UpdateLift } from '@liftwacht/contracts/lift-editing';
import type { Lift } from '@liftwacht/contracts/lifts';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { Db } from '../../db/database.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { LiftWrites } from './lift-writes.ts';
import type { LiftsRepository } from './lifts.repository.ts';

export class LiftEditingService {
  constructor(
    private readonly db: Db,
    private readonly lifts: LiftsRepository,
    private readonly writes: LiftWrites,
    private readonly access: OrganisationAccess,
  ) {}

  async create(request: FastifyRequest, values: CreateLift): Promise<Lift> {
    const { organisationId, ...fields } = values;
    await this.assertManages(principalOf(request), organisationId, 'Organisation');
    const [id] = await this.db.transaction((tx) =>
      this.writes.createMany(tx as unknown as Db, request, organisationId, [fields]),
    );
    return this.found(id);
  }

  async update(request: FastifyRequest, id: number, change: UpdateLift): Promise<Lift> {
    const organisationId = await this.lifts.organisationOf(id);
    if (organisationId === undefined) throw notFound('Lift');
    await this.assertManages(principalOf(request), organisationId, 'Lift');
    const { version, ...changes } = change;
    try {
      await this.db.transaction((tx) =>
        this.writes.updateMany(tx as unknown as Db, request, [{ id, version, changes }]),
      );
    } catch (err) {
      // The form shows the lift as it is now, to redo the edit on.
      if (err instanceof AppError && err.statusCode === 409 && err.field === 'version') {
        throw conflict(err.message, 'version', await this.found(id));
      }
      throw err;
    }
    return this.found(id);
  }

  /**
   * Outside the principal's scope: 404 (ids leak nothing). In scope but another organisation's (a
   * maintenance company's admin reading its clients' lifts): 403. system-admin manages every one.
   */
  private async assertManages(principal: Principal, organisationId: number, what: string): Promise<void> {
    if (!(await this.access.canAccess(principal, organisationId))) throw notFound(what);
    if (organisationId !== principal.organisationId && !seesEveryOrganisation(principal.roles)) throw forbidden();
  }

  private async found(id: number | undefined): Promise<Lift> {
    const lift = id === undefined ? undefined : await this.lifts.findById(id);
    if (!lift) throw notFound('Lift');
    return lift;
  }
}
