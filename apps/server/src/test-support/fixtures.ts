// A small, known world for API tests: four organisations and one user per role (system-admin, the
// company that runs Liftwacht, sits in the owner organisation too, so the harness's own calls fit it).
import { roleNames, type RoleName } from '@liftwacht/contracts/auth';
import type { Db } from '../db/database.ts';
import { lifts, organisationAccess, organisations, roles, userRoles, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/password.ts';

export const fixturePassword = 'Correct-horse-42';

export interface FixtureUser {
  id: number;
  username: string;
  email: string;
}

export interface Fixtures {
  org: { owner: number; client: number; maintenance: number; stranger: number };
  user: Record<'systemAdmin' | 'admin' | 'user' | 'clientLight' | 'monteur' | 'onderhoud' | 'stranger', FixtureUser>;
  /**
   * The owner organisation's user holding each role. Partial on purpose: a role added to the
   * permission table without a user here is caught by the authorization matrix test, not hidden.
   */
  byRole: Partial<Record<RoleName, FixtureUser>>;
}

export async function insertFixtures(db: Db): Promise<Fixtures> {
  const orgRows = await db
    .insert(organisations)
    .values([
      { name: 'Woonstichting Test', type: 'owner' },
      { name: 'Gemeente Test', type: 'client' },
      { name: 'Liftservice Test', type: 'maintenance' },
      { name: 'Vreemde Organisatie', type: 'owner' },
    ])
    .returning({ id: organisations.id });
  const [owner, client, maintenance, stranger] = orgRows.map((r) => r.id) as [number, number, number, number];
  await db.insert(organisationAccess).values([
    { organisationId: maintenance, accessibleOrganisationId: owner },
    { organisationId: maintenance, accessibleOrganisationId: client },
  ]);
  // The migrations create every role; a database emptied by a reset gets them again here.
  await db
    .insert(roles)
    .values(roleNames.map((name) => ({ name })))
    .onConflictDoNothing();
  const roleRows = await db.select().from(roles);
  const roleId = (name: RoleName) => roleRows.find((r) => r.name === name)?.id ?? 0;

  const passwordHash = await hashPassword(fixturePassword);
  const specs = [
    ['admin', 'test-admin', owner, 'admin', 'nl'],
    ['user', 'test-user', owner, 'user', 'nl'],
    ['clientLight', 'test-client', owner, 'client-light', 'nl'],
    ['monteur', 'test-monteur', owner, 'monteur', 'nl'],
    ['onderhoud', 'test-onderhoud', maintenance, 'user', 'en-GB'],
    ['stranger', 'test-stranger', stranger, 'user', 'nl'],
    ['systemAdmin', 'test-system-admin', owner, 'system-admin', 'nl'],
  ] as const;
  const user = {} as Fixtures['user'];
  const byRole: Fixtures['byRole'] = {};
  for (const [key, username, organisationId, role, locale] of specs) {
    const email = `${username}@example.test`;
    const [row] = await db
      .insert(users)
      .values({ username, email, name: `Test ${key}`, passwordHash, organisationId, locale })
      .returning({ id: users.id });
    if (!row) throw new Error('fixture user not inserted');
    await db.insert(userRoles).values({ userId: row.id, roleId: roleId(role) });
    user[key] = { id: row.id, username, email };
    if (organisationId === owner) byRole[role] = user[key];
  }
  return { org: { owner, client, maintenance, stranger }, user, byRole };
}

/**
 * An admin of the maintenance company (test-onderhoud-admin), whose grant reaches the owner's and
 * the client's lifts: it reads them, but administers only its own organisation.
 */
export async function insertMaintenanceAdmin(
  t: { database: { db: Db }; fixtures: Fixtures },
  locale: 'nl' | 'en-GB' = 'nl',
): Promise<string> {
  const db = t.database.db;
  const username = 'test-onderhoud-admin';
  const [user] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@example.test`,
      name: 'Onderhoud Beheerder',
      passwordHash: await hashPassword(fixturePassword),
      organisationId: t.fixtures.org.maintenance,
      locale,
    })
    .returning({ id: users.id });
  const adminRole = (await db.select().from(roles)).find((r) => r.name === 'admin');
  if (!user || !adminRole) throw new Error('maintenance admin not inserted');
  await db.insert(userRoles).values({ userId: user.id, roleId: adminRole.id });
  return username;
}

/** One lift; the address is derived from the name ("Lift Noord" → "Lift Noordweg 1, Utrecht"). */
export async function insertLift(db: Db, organisationId: number, name: string): Promise<number> {
  const [row] = await db
    .insert(lifts)
    .values({ organisationId, name, address: `${name}weg 1, Utrecht` })
    .returning({ id: lifts.id });
  if (!row) throw new Error(`inserting ${name} returned no row`);
  return row.id;
}

/** Two lifts of the owner, one of the client (reached through access) and one of a stranger. */
export async function insertFourLifts(db: Db, org: Fixtures['org']) {
  return {
    noord: await insertLift(db, org.owner, 'Lift Noord'),
    zuid: await insertLift(db, org.owner, 'Lift Zuid'),
    gemeente: await insertLift(db, org.client, 'Lift Gemeente'),
    vreemd: await insertLift(db, org.stranger, 'Lift Vreemd'),
  };
}
