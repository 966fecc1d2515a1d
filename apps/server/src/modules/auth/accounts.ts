// What the first-run setup, the admin command line and the profile share: how a user row looks on
// the wire and in the audit log, and the type of the organisation that runs Liftwacht.
import type { Locale, RoleName, User } from '@liftwacht/contracts/auth';
import { localeSchema } from '@liftwacht/contracts/auth';
import type { Organisation } from '@liftwacht/contracts/organisations';
import type { Db } from '../../db/database.ts';
import type { AuditChange } from '../../plugins/audit.ts';
import type { UserRow } from './auth.repository.ts';

/** Writes an audit entry on the change's transaction (app.audit.record bound to the request). */
export type AuditWriter = (db: Db, change: AuditChange) => Promise<void>;

/**
 * The type of the organisation that runs Liftwacht (the first administrator's, and one the command
 * line creates). The company that runs a lift-monitoring portal serves other organisations and owns
 * no lifts itself, which is what `maintenance` means everywhere else (DESIGN §3): it never shows
 * up as a lift owner in lists or reports, and nothing else depends on the type.
 */
export const platformOrganisationType: Organisation['type'] = 'maintenance';

export function localeOf(value: string): Locale {
  const parsed = localeSchema.safeParse(value);
  return parsed.success ? parsed.data : 'nl';
}

export function userOf(
  row: Pick<UserRow, 'id' | 'username' | 'name' | 'email' | 'organisationId' | 'locale'>,
  roles: readonly RoleName[],
  organisationType: Organisation['type'],
): User {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    organisation_id: row.organisationId,
    organisation_type: organisationType,
    locale: localeOf(row.locale),
    roles: roles.map((name) => ({ name })),
  };
}

/** A user as the audit log keeps it: what people see, never the password hash. */
export function auditedUser(row: UserRow, roles: readonly RoleName[]) {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    organisationId: row.organisationId,
    locale: localeOf(row.locale),
    disabled: row.disabled,
    roles: [...roles],
  };
}
