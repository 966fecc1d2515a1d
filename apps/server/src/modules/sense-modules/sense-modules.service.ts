// Sense modules (issue 17): register a module, fit it in a lift, move it, take it out, rotate its
// ingest key. Each change locks the module's row (ingest batches lock it too, so a batch stores its
// readings wholly before or wholly after a move), checks the version, and records its audit entry
// in the same transaction. The key is returned once and never audited.
import type { FastifyRequest } from 'fastify';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type {
  LinkModule,
  ModuleListQuery,
  ModuleWithKey,
  RegisterModule,
  RotateModuleKey,
  SenseModuleDetail,
  UnregisteredModuleListQuery,
} from '@liftwacht/contracts/sense-modules';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/sql-text.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { localDay } from '../../lib/local-day.ts';
import { generateModuleKey } from '../../lib/module-keys.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import type { LiftRef, LockedModule, Scope, SenseModulesRepository } from './sense-modules.repository.ts';

type Caller = Pick<Principal, 'organisationId' | 'roles'>;

export class SenseModulesService {
  constructor(
    private readonly repository: SenseModulesRepository,
    private readonly access: OrganisationAccess,
    private readonly audit: Audit,
    private readonly clock: Clock,
  ) {}

  async list(principal: Caller, query: ModuleListQuery) {
    if (query.organisationId !== undefined) await this.access.assertOrganisation(principal, query.organisationId);
    return this.repository.list(await this.scopeOf(principal), query);
  }

  async get(principal: Caller, id: number): Promise<SenseModuleDetail> {
    const found = await this.repository.find(await this.scopeOf(principal), id);
    if (!found) throw notFound('Module');
    return found;
  }

  unregistered(query: UnregisteredModuleListQuery) {
    return this.repository.unregistered(query);
  }

  async register(request: FastifyRequest, principal: Caller, values: RegisterModule): Promise<ModuleWithKey> {
    const organisationId = values.organisationId ?? principal.organisationId;
    await this.access.assertOrganisation(principal, organisationId);
    const scope = await this.scopeOf(principal);
    const now = this.clock.now();
    const key = generateModuleKey(values.esNumber);
    try {
      return await this.repository.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const lift = values.liftId == null ? null : await this.freeLift(tx, scope, values.liftId, null, now);
        if (await this.repository.exists(tx, values.esNumber)) throw duplicate();
        const id = await this.repository.insert(
          tx,
          { esNumber: values.esNumber, organisationId, firmware: values.firmware ?? null, keyHash: key.hash },
          now,
        );
        const module = await this.lockedModule(tx, id);
        if (lift) await this.repository.relink(tx, module, lift.id, now, false);
        // Messages it sent before it was registered were counted; registering claims them.
        const claimed = await this.repository.claimUnregistered(tx, values.esNumber);
        const after = await this.found(tx, scope, id);
        await this.audit.record(tx, request, {
          organisationId: lift?.organisationId ?? organisationId,
          action: 'module.registered',
          subjectType: 'module',
          subjectId: id,
          before: null,
          after: { ...after, claimed: claimed ?? null },
        });
        return { module: after, key: key.key };
      });
    } catch (err) {
      // Two registrations of one ES number at once: the unique index decides.
      if (isUniqueViolation(err) && (await this.repository.exists(this.repository.db, values.esNumber))) {
        throw duplicate();
      }
      throw err;
    }
  }

  /** Fits the module in a lift, moves it to another one, or takes it out (liftId null). */
  async link(request: FastifyRequest, principal: Caller, id: number, change: LinkModule): Promise<SenseModuleDetail> {
    const scope = await this.scopeOf(principal);
    const now = this.clock.now();
    return this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const module = await this.visibleModule(tx, scope, id);
      const before = await this.found(tx, scope, id);
      if (module.version !== change.version) {
        throw conflict('Somebody else changed this module meanwhile', 'version', before);
      }
      // Already there: nothing changes, so no new link, version or audit entry.
      if (module.liftId === change.liftId) return before;
      const lift = change.liftId === null ? null : await this.freeLift(tx, scope, change.liftId, before, now);
      await this.repository.relink(tx, module, lift?.id ?? null, now);
      const after = await this.found(tx, scope, id);
      await this.audit.record(tx, request, {
        organisationId: lift?.organisationId ?? module.liftOrganisationId ?? module.organisationId,
        action: lift === null ? 'module.unlinked' : module.liftId === null ? 'module.linked' : 'module.moved',
        subjectType: 'module',
        subjectId: id,
        before,
        after,
      });
      return after;
    });
  }

  /** A new key; the old one stops working with this commit. */
  async rotateKey(
    request: FastifyRequest,
    principal: Caller,
    id: number,
    change: RotateModuleKey,
  ): Promise<ModuleWithKey> {
    const scope = await this.scopeOf(principal);
    const now = this.clock.now();
    return this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const module = await this.visibleModule(tx, scope, id);
      const before = await this.found(tx, scope, id);
      if (module.version !== change.version) {
        throw conflict('Somebody else changed this module meanwhile', 'version', before);
      }
      const key = generateModuleKey(module.esNumber);
      await this.repository.setKey(tx, id, key.hash, now);
      const after = await this.found(tx, scope, id);
      await this.audit.record(tx, request, {
        organisationId: module.liftOrganisationId ?? module.organisationId,
        action: 'module.key_rotated',
        subjectType: 'module',
        subjectId: id,
        // What the page shows of a key: that one exists and when it was made.
        before: { hasKey: before.hasKey, keyCreatedAt: before.keyCreatedAt },
        after: { hasKey: after.hasKey, keyCreatedAt: after.keyCreatedAt },
      });
      return { module: after, key: key.key };
    });
  }

  private scopeOf(principal: Caller): Promise<Scope> | Scope {
    return seesEveryOrganisation(principal.roles) ? null : this.access.organisationIds(principal);
  }

  /** The module locked for a change; 404 when it does not exist or is outside the scope. */
  private async visibleModule(tx: Db, scope: Scope, id: number): Promise<LockedModule> {
    const module = await this.repository.lock(tx, id);
    const visible =
      module !== undefined &&
      (scope === null ||
        (module.organisationId !== null && scope.includes(module.organisationId)) ||
        (module.liftOrganisationId !== null && scope.includes(module.liftOrganisationId)));
    if (!visible) throw notFound('Module');
    return module;
  }

  private async lockedModule(tx: Db, id: number): Promise<LockedModule> {
    const module = await this.repository.lock(tx, id);
    if (!module) throw new Error('module not inserted');
    return module;
  }

  /** A lift in the scope (else 404) that is in service and holds no module (else 409). */
  private async freeLift(
    tx: Db,
    scope: Scope,
    liftId: number,
    current: SenseModuleDetail | null,
    now: Date,
  ): Promise<LiftRef> {
    const lift = await this.repository.lockLift(tx, liftId);
    if (!lift || (scope !== null && !scope.includes(lift.organisationId))) throw notFound('Lift');
    if (lift.moduleId !== null) {
      throw conflict('This lift already holds another module; take that one out first', 'liftId', current ?? undefined);
    }
    if (lift.decommissionedOn !== null && lift.decommissionedOn <= localDay(now)) {
      throw conflict('This lift is decommissioned', 'liftId', current ?? undefined);
    }
    return lift;
  }

  private async found(tx: Db, scope: Scope, id: number): Promise<SenseModuleDetail> {
    const module = await this.repository.find(scope, id, tx);
    if (!module) throw notFound('Module');
    return module;
  }
}

const duplicate = () => conflict('A module with this ES number is registered already', 'esNumber');
