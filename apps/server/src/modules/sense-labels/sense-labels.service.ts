// An organisation's own names for module readings (issue 41): read by whoever manages modules in
// its scope, changed by its own admin or system-admin (an admin of a maintenance company reads its
// clients' names but they are not its to change: 403). A change names the version it read (409 on a
// stale one, or on a key somebody else named or reset meanwhile) and is audited in its transaction.
// GET /sense/configuration answers these names merged over the built-in defaults, in the caller's
// language, so a lift page never shows a raw `f3` where a default exists.
import type { FastifyRequest } from 'fastify';
import type { Locale } from '@liftwacht/contracts/auth';
import { hasPermission, seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type { SenseConfigurationItem, SenseConfigurationQuery } from '@liftwacht/contracts/sense';
import {
  standardReadingKeys,
  type PutSenseLabel,
  type SenseLabelItem,
  type SenseLabels,
} from '@liftwacht/contracts/sense-labels';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { languageOf, type ServerLanguage } from '../../lib/server-i18n.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { principalOf, sessionUserOf } from '../../plugins/auth.ts';
import { defaultNames, shownNames, type OwnNames } from './sense-label-defaults.ts';
import type { SenseLabelRow, SenseLabelsRepository } from './sense-labels.repository.ts';

type LabelsPrincipal = Pick<Principal, 'organisationId' | 'roles'>;

/** Whether the principal may change the organisation's reading names: its own admin, or system-admin. */
export function mayChangeSenseLabels(principal: LabelsPrincipal, organisationId: number): boolean {
  return (
    hasPermission(principal.roles, 'modules.manage') &&
    (seesEveryOrganisation(principal.roles) || principal.organisationId === organisationId)
  );
}

/** f2 before f10, live status (f) before provisioning (e). */
export function compareReadingKeys(a: string, b: string): number {
  const prefix = (key: string) => (key.startsWith('f') ? 0 : key.startsWith('e') ? 1 : 2);
  const number = (key: string) => Number(/\d+$/.exec(key)?.[0] ?? -1);
  return prefix(a) - prefix(b) || number(a) - number(b) || a.localeCompare(b);
}

const blankToNull = (value: string | null): string | null =>
  value === null || value.trim() === '' ? null : value.trim();

export class SenseLabelsService {
  constructor(
    private readonly repository: SenseLabelsRepository,
    private readonly access: OrganisationAccess,
    private readonly audit: Audit,
    private readonly clock: Clock,
  ) {}

  async list(request: FastifyRequest, organisationId: number, locale: Locale | undefined): Promise<SenseLabels> {
    const principal = principalOf(request);
    await this.access.assertOrganisation(principal, organisationId);
    const language = this.languageOf(request, locale);
    const organisationName = await this.repository.organisationName(organisationId);
    if (organisationName === undefined) throw notFound('Organisation');
    const own = new Map((await this.repository.list(organisationId)).map((row) => [row.key, row]));
    const keys = [...new Set<string>([...standardReadingKeys, ...own.keys()])].sort(compareReadingKeys);
    return {
      organisationId,
      organisationName,
      editable: mayChangeSenseLabels(principal, organisationId),
      items: keys.map((key) => itemOf(key, own.get(key) ?? null, language)),
    };
  }

  async put(
    request: FastifyRequest,
    organisationId: number,
    key: string,
    body: PutSenseLabel,
  ): Promise<SenseLabelItem> {
    const principal = principalOf(request);
    // Outside the scope: 404 as any other organisation's object; inside but not its own: 403.
    await this.access.assertOrganisation(principal, organisationId);
    if (!mayChangeSenseLabels(principal, organisationId)) throw forbidden();
    const names: OwnNames = {
      nameNl: blankToNull(body.nameNl),
      nameEn: blankToNull(body.nameEn),
      unit: blankToNull(body.unit),
    };
    if (names.nameNl === null && names.nameEn === null)
      throw badRequest('validation_failed', 'A name in Dutch or English', 'nameNl');
    const language = this.languageOf(request, undefined);
    return this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const before = await this.repository.lock(db, organisationId, key);
      const stale = before === undefined ? body.version !== null : body.version !== before.version;
      if (stale) {
        throw conflict(
          'Somebody else changed this reading meanwhile',
          'version',
          itemOf(key, before ?? null, language),
        );
      }
      const now = this.clock.now();
      if (before && sameNames(before, names)) return itemOf(key, before, language);
      const after = before
        ? await this.repository.update(db, organisationId, key, names, principal.userId, now)
        : await this.repository.insert(db, organisationId, key, names, principal.userId, now);
      // Two first names for one key at once: the unique index let one in; the other learns of it.
      if (!after) throw conflict('Somebody else named this reading meanwhile', 'version');
      await this.audit.record(db, request, {
        organisationId,
        action: 'organisation.sense_label_updated',
        subjectType: 'organisation',
        subjectId: String(organisationId),
        before: before ? { key, ...namesOf(before) } : { key },
        after: { key, ...names },
      });
      return itemOf(key, after, language);
    });
  }

  /** Back to the default (a key without one loses its name). */
  async reset(request: FastifyRequest, organisationId: number, key: string, version: number): Promise<void> {
    const principal = principalOf(request);
    await this.access.assertOrganisation(principal, organisationId);
    if (!mayChangeSenseLabels(principal, organisationId)) throw forbidden();
    const language = this.languageOf(request, undefined);
    await this.repository.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const before = await this.repository.lock(db, organisationId, key);
      if (before?.version !== version) {
        throw conflict(
          'Somebody else changed this reading meanwhile',
          'version',
          itemOf(key, before ?? null, language),
        );
      }
      await this.repository.delete(db, organisationId, key);
      await this.audit.record(db, request, {
        organisationId,
        action: 'organisation.sense_label_reset',
        subjectType: 'organisation',
        subjectId: String(organisationId),
        before: { key, ...namesOf(before) },
        after: { key },
      });
    });
  }

  /**
   * GET /sense/configuration: the label rows merged in the caller's language. For a reading with a
   * default or an own name those win over the global configuration's rows (which are language-less
   * data an installer loads); other keys keep the configuration's rows as they are.
   */
  async configuration(
    request: FastifyRequest,
    query: SenseConfigurationQuery,
  ): Promise<{ items: SenseConfigurationItem[]; total: number }> {
    const principal = principalOf(request);
    const organisationId = query.organisationId ?? principal.organisationId;
    await this.access.assertOrganisation(principal, organisationId);
    const language = this.languageOf(request, query.locale);
    const rows = await this.repository.configuration(query.type);
    const items: SenseConfigurationItem[] = [];
    if (query.type === undefined || query.type === 'label') {
      const own = new Map((await this.repository.list(organisationId)).map((row) => [row.key, row]));
      const named = new Set<string>([...standardReadingKeys, ...own.keys()]);
      for (const key of named) {
        const shown = shownNames(key, language, own.get(key) ?? null);
        items.push({ id: null, type: 'label', key, label: shown.name, unit: shown.unit, moduleType: null });
      }
      items.push(
        ...rows.filter((row) => row.type !== 'label' || !named.has(row.key)).map((row) => ({ ...row, unit: null })),
      );
    } else {
      items.push(...rows.map((row) => ({ ...row, unit: null })));
    }
    items.sort(
      (a, b) =>
        a.type.localeCompare(b.type) ||
        compareReadingKeys(a.key, b.key) ||
        (a.moduleType ?? '').localeCompare(b.moduleType ?? '') ||
        (a.id ?? 0) - (b.id ?? 0),
    );
    return { items: items.slice(query.offset, query.offset + query.limit), total: items.length };
  }

  private languageOf(request: FastifyRequest, locale: Locale | undefined): ServerLanguage {
    return languageOf(locale ?? sessionUserOf(request).locale);
  }
}

function namesOf(row: OwnNames): OwnNames {
  return { nameNl: row.nameNl, nameEn: row.nameEn, unit: row.unit };
}

function sameNames(a: OwnNames, b: OwnNames): boolean {
  return a.nameNl === b.nameNl && a.nameEn === b.nameEn && a.unit === b.unit;
}

function itemOf(key: string, own: SenseLabelRow | null, language: ServerLanguage): SenseLabelItem {
  const nl = defaultNames(key, 'nl');
  const en = defaultNames(key, 'en');
  return {
    key,
    defaults: nl && en ? { nl, en } : null,
    own: own ? { ...namesOf(own), version: own.version } : null,
    shown: shownNames(key, language, own),
  };
}
