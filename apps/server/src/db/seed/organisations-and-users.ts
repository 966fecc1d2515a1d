// The demo organisations and logins. Exported as plain data so the server can print the logins at
// start and the README can list them without touching the database.
import { roleNames, type RoleName } from '@liftwacht/contracts/auth';
import { hashPassword } from '../../modules/auth/password.ts';
import type { Db } from '../database.ts';
import { identifierKeys } from '../../lib/identifiers.ts';
import { organisationAccess, organisations, roles, userRoles, users } from '../schema.ts';
import { insertRowsReturning } from './bulk-insert.ts';
import type { BuildingKind } from './dutch-names.ts';

export const demoPassword = 'Liftwacht-demo-2026';

export type DemoOrganisationKey = 'owner' | 'client' | 'care' | 'maintenance' | 'inspection';

export interface DemoOrganisation {
  key: DemoOrganisationKey;
  name: string;
  type: 'owner' | 'client' | 'maintenance' | 'inspection';
  /** Share of the fleet's lifts; the maintenance company owns none, it serves the others. */
  liftShare: number;
  /** Prefix of the owner's own asset numbers (lifts.owner_number). */
  assetPrefix: string;
  buildingKinds: readonly (readonly [BuildingKind, number])[];
  cities: readonly (readonly [string, number])[];
}

export const demoOrganisations: readonly DemoOrganisation[] = [
  {
    key: 'owner',
    name: 'Woonstichting De Vechtstreek',
    type: 'owner',
    liftShare: 0.58,
    assetPrefix: 'WDV',
    buildingKinds: [
      ['residential', 60],
      ['senior', 22],
      ['care', 8],
      ['parking', 10],
    ],
    cities: [
      ['Utrecht', 30],
      ['Maarssen', 15],
      ['Nieuwegein', 15],
      ['Zeist', 12],
      ['Houten', 10],
      ['Amersfoort', 10],
      ['IJsselstein', 8],
    ],
  },
  {
    key: 'client',
    name: 'Gemeente Utrecht Vastgoed',
    type: 'client',
    liftShare: 0.3,
    assetPrefix: 'GUV',
    buildingKinds: [
      ['office', 30],
      ['library', 12],
      ['sports', 18],
      ['parking', 22],
      ['culture', 18],
    ],
    cities: [['Utrecht', 1]],
  },
  {
    key: 'care',
    name: 'Zorggroep De Heuvelrug',
    type: 'owner',
    liftShare: 0.12,
    assetPrefix: 'ZDH',
    buildingKinds: [
      ['care', 70],
      ['senior', 30],
    ],
    cities: [
      ['Zeist', 45],
      ['Bilthoven', 30],
      ['Amersfoort', 25],
    ],
  },
  {
    key: 'maintenance',
    name: 'Liftservice Randstad B.V.',
    type: 'maintenance',
    liftShare: 0,
    assetPrefix: 'LSR',
    buildingKinds: [],
    cities: [],
  },
  // Issue 18: the certification body that inspects the housing association's lifts and records
  // its inspections in the portal. Last, so the other organisations keep their ids.
  {
    key: 'inspection',
    name: 'Keurmeesters Nederland B.V.',
    type: 'inspection',
    liftShare: 0,
    assetPrefix: 'KMN',
    buildingKinds: [],
    cities: [],
  },
];

/**
 * The maintenance company serves the housing association and the municipality (not the care group);
 * the inspection company the housing association.
 */
export const demoOrganisationAccess: readonly (readonly [DemoOrganisationKey, DemoOrganisationKey])[] = [
  ['maintenance', 'owner'],
  ['maintenance', 'client'],
  ['inspection', 'owner'],
];

export interface DemoUser {
  username: string;
  role: RoleName;
  organisation: DemoOrganisationKey;
  name: string;
  email: string;
  locale: 'nl' | 'en-GB' | 'en-US';
}

export const demoUsers: readonly DemoUser[] = [
  {
    username: 'demo-admin',
    role: 'admin',
    organisation: 'owner',
    name: 'Marieke van den Berg',
    email: 'demo-admin@liftwacht.example',
    locale: 'nl',
  },
  {
    username: 'demo-user',
    role: 'user',
    organisation: 'owner',
    name: 'Pieter Bakker',
    email: 'demo-user@liftwacht.example',
    locale: 'nl',
  },
  {
    username: 'demo-client',
    role: 'client-light',
    organisation: 'owner',
    name: 'Emma Visser',
    email: 'demo-client@liftwacht.example',
    locale: 'nl',
  },
  {
    username: 'demo-monteur',
    role: 'monteur',
    organisation: 'owner',
    name: 'Kees van Dijk',
    email: 'demo-monteur@liftwacht.example',
    locale: 'nl',
  },
  {
    username: 'demo-onderhoud',
    role: 'user',
    organisation: 'maintenance',
    name: 'Lisa Mulder',
    email: 'demo-onderhoud@liftwacht.example',
    locale: 'en-GB',
  },
  // The company that runs this Liftwacht: the lift service company, which serves the others and
  // owns no lifts (the type the first-run setup gives the platform organisation too).
  {
    username: 'demo-system',
    role: 'system-admin',
    organisation: 'maintenance',
    name: 'Jeroen Smit',
    email: 'demo-system@liftwacht.example',
    locale: 'nl',
  },
  // The inspection company's inspector: a plain user, who records inspections because the
  // permission table grants inspections.record to the users of an inspection company; the
  // inspections service narrows it to the organisations that granted the company access.
  {
    username: 'demo-keuring',
    role: 'user',
    organisation: 'inspection',
    name: 'Sanne de Groot',
    email: 'demo-keuring@liftwacht.example',
    locale: 'nl',
  },
];

export interface SeededOrganisations {
  idByKey: Map<DemoOrganisationKey, number>;
}

export async function insertOrganisationsAndUsers(db: Db, createdAt: Date): Promise<SeededOrganisations> {
  const orgRows = await insertRowsReturning(
    db,
    organisations,
    // Every timestamp from the seed's `now`, none from the database clock, so two seeds match.
    demoOrganisations.map((o) => ({ name: o.name, type: o.type, createdAt, updatedAt: createdAt })),
    ['id', 'name'],
  );
  const idByKey = new Map<DemoOrganisationKey, number>();
  for (const org of demoOrganisations) {
    const row = orgRows.find((r) => r.name === org.name);
    if (!row) throw new Error(`organisation ${org.name} was not inserted`);
    idByKey.set(org.key, row.id);
  }
  const orgId = (key: DemoOrganisationKey): number => {
    const id = idByKey.get(key);
    if (id === undefined) throw new Error(`unknown organisation ${key}`);
    return id;
  };

  await db.insert(organisationAccess).values(
    demoOrganisationAccess.map(([from, to]) => ({
      organisationId: orgId(from),
      accessibleOrganisationId: orgId(to),
      createdAt,
    })),
  );

  // The migrations create every role; after `seed --reset` (which empties every table) they come
  // back here.
  await db
    .insert(roles)
    .values(roleNames.map((name) => ({ name })))
    .onConflictDoNothing();
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles);

  // argon2id costs ~100 ms per hash by design; every demo user shares the password, so hash once.
  const passwordHash = await hashPassword(demoPassword);
  const userRows = await insertRowsReturning(
    db,
    users,
    demoUsers.map((u) => ({
      username: u.username,
      email: u.email,
      // The stored keys as the server computes them, so the demo's users start with their skeletons.
      ...identifierKeys(u.username, u.email),
      name: u.name,
      passwordHash,
      organisationId: orgId(u.organisation),
      locale: u.locale,
      disabled: false,
      createdAt,
      updatedAt: createdAt,
    })),
    ['id', 'username'],
  );
  await db.insert(userRoles).values(
    demoUsers.map((u) => {
      const userId = userRows.find((r) => r.username === u.username)?.id;
      const roleId = roleRows.find((r) => r.name === u.role)?.id;
      if (userId === undefined || roleId === undefined) throw new Error(`demo user ${u.username} was not inserted`);
      return { userId, roleId };
    }),
  );
  return { idByKey };
}
