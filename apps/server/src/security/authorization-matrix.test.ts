// The authorization matrix, generated from /liftwacht/openapi.json: every operation × every role of
// the permission table (packages/contracts/src/permissions.ts). Bad credentials answer 401; a role
// without the operation's permission 403; a role with it 2xx on its own organisation and 404 on
// another organisation's objects or ids that do not exist; and no response carries the stranger
// organisation's data. system-admin's scope is every organisation: the stranger's objects answer it
// 2xx (and their data is no leak), ids that do not exist still 404. What the type of an organisation
// adds (an inspection company's user records inspections) is checked with a user of that type: 2xx
// through its grant, 404 outside it, and a user of another type 403. A new route joins by its entry
// in operation-calls.ts (this test fails without one); a new role by a fixture user in
// test-support/fixtures.ts (likewise); a new organisation-type rule brings its own world user.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoleName } from '@liftwacht/contracts/auth';
import {
  hasPermission,
  organisationTypePermissions,
  rolePermissions,
  seesEveryOrganisation,
  type OrganisationType,
  type Permission,
} from '@liftwacht/contracts/permissions';
import { createSecurityWorld, worldRoles } from '../test-support/security-world.ts';
import { operationCalls, type RouteCall } from './operation-calls.ts';
import { isErrorEnvelope } from './error-envelope.ts';
import { injectOptions, readOperations, type Operation } from './openapi-operations.ts';

const world = await createSecurityWorld({ MQTT_PORT: '0' });
// /ready checks the broker; started, it answers 200 like a running server.
await world.t.app.mqtt.start();
const operations = await readOperations(world.t.app);
let requests = 0;

afterAll(async () => {
  console.info(
    `authorization matrix: ${operations.length} operations × ${worldRoles.length} roles, ${requests} requests`,
  );
  await world.close();
});

async function send(operation: Operation, call: RouteCall, headers: Record<string, string> = {}) {
  requests++;
  return world.t.app.inject(injectOptions(operation, call, headers));
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function describeResponse(res: LightMyRequestResponse): string {
  return `${res.statusCode} ${res.body.slice(0, 300)}`;
}

/**
 * The status, the error envelope, and none of the stranger's data — unless the caller's scope is
 * every organisation (system-admin), for whom the stranger is no stranger.
 */
function expectAnswer(res: LightMyRequestResponse, expected: number | '2xx', context: string, seesEverything = false) {
  const ok = expected === '2xx' ? res.statusCode >= 200 && res.statusCode < 300 : res.statusCode === expected;
  expect.soft(ok, `${context}: expected ${expected}, got ${describeResponse(res)}`).toBe(true);
  if (res.statusCode >= 400) {
    expect.soft(isErrorEnvelope(res.body), `${context}: error envelope, got ${describeResponse(res)}`).toBe(true);
  }
  if (seesEverything) return;
  for (const marker of world.leakMarkers) {
    expect.soft(res.body.includes(marker), `${context}: response carries the stranger's "${marker}"`).toBe(false);
  }
}

function withoutModuleKey(call: RouteCall): RouteCall {
  const headers = { ...call.headers };
  delete headers['x-module-key'];
  return { ...call, headers };
}

const knownAccess = new Set<string>([
  'public',
  'module-key',
  'authenticated',
  ...Object.values(rolePermissions).flat(),
  ...Object.values(organisationTypePermissions).flatMap((byRole) => Object.values(byRole).flat()),
]);

/** The fixture roles sit in the owner organisation; the granted user in the maintenance company. */
const ownerType: OrganisationType = 'owner';
const grantedType: OrganisationType = 'maintenance';

describe('authorization matrix', () => {
  it('has a fixture user for every role of the permission table', () => {
    const missing = worldRoles.filter((role) => world.roleTokens[role] === undefined);
    expect(missing, 'roles without a user in test-support/fixtures.ts (insertFixtures specs)').toEqual([]);
  });

  it('has an entry in operation-calls.ts for every operation of openapi.json, and none for routes that are gone', () => {
    const published = operations.map((o) => o.key);
    expect(
      published.filter((key) => !(key in operationCalls)),
      'operations without an entry in src/security/operation-calls.ts',
    ).toEqual([]);
    expect(
      Object.keys(operationCalls).filter((key) => !published.includes(key)),
      'entries of operation-calls.ts for operations openapi.json no longer has',
    ).toEqual([]);
  });

  it('has a world user for every organisation-type rule of the permission table', () => {
    const rules = Object.entries(organisationTypePermissions).flatMap(([type, byRole]) =>
      Object.keys(byRole).map((role) => `${type}:${role}`),
    );
    expect(world.typeRuleUsers.map((u) => `${u.organisationType}:${u.role}`).sort()).toEqual(rules.sort());
  });

  it('publishes a known access level for every operation', () => {
    const unknown = operations.filter((o) => !knownAccess.has(o.access)).map((o) => `${o.key}: ${o.access}`);
    expect(unknown).toEqual([]);
    expect(operations.length).toBeGreaterThan(30);
  });

  for (const operation of operations) {
    const entry = operationCalls[operation.key];
    describe(`${operation.key} (${operation.access})`, () => {
      if (!entry) {
        it('has an entry in src/security/operation-calls.ts', () => {
          expect.fail(`add "${operation.key}" to operationCalls in src/security/operation-calls.ts`);
        });
        return;
      }
      const { access } = operation;
      /** The one table, as the server reads it: roles in an organisation of a type. */
      const permits = (role: RoleName, organisationType: OrganisationType) =>
        access === 'public' ||
        access === 'authenticated' ||
        (access !== 'module-key' && hasPermission([role], access as Permission, organisationType));

      if (access === 'public') {
        it('answers an anonymous caller', async () => {
          expectAnswer(await send(operation, await entry.own(world)), entry.ownAnswers ?? '2xx', 'anonymous');
        });
      } else if (access === 'module-key') {
        it('answers 401 to every bad module key, and 2xx to its own', async () => {
          const call = await entry.own(world);
          for (const credential of world.badModuleKeys()) {
            expectAnswer(await send(operation, withoutModuleKey(call), credential.headers), 401, credential.label);
          }
          expectAnswer(await send(operation, await entry.own(world)), '2xx', 'own module key');
        });
      } else {
        it('answers 401 to a missing, malformed, forged, expired or revoked token', async () => {
          const call = await entry.own(world);
          for (const credential of world.badBearer) {
            expectAnswer(await send(operation, call, credential.headers), 401, credential.label);
          }
        });
      }

      for (const role of worldRoles) {
        const permitted = permits(role, ownerType);
        const everywhere = seesEveryOrganisation([role]);
        const expectation =
          access === 'module-key'
            ? '401 without the module key'
            : !permitted
              ? '403'
              : everywhere
                ? '2xx own and foreign, 404 for what does not exist'
                : '2xx own, 404 foreign';
        it(`role ${role}: ${expectation}`, async () => {
          const roleToken = world.roleTokens[role];
          if (roleToken === undefined) return expect.fail(`no fixture user for role ${role}`);
          const token = entry.consumesSession ? await world.freshRoleToken(role) : roleToken;
          const call = await entry.own(world, role);
          if (access === 'module-key') {
            expectAnswer(
              await send(operation, withoutModuleKey(call), bearer(token)),
              401,
              `${role} token, no module key`,
            );
            return;
          }
          if (!permitted) {
            expectAnswer(await send(operation, call, bearer(token)), 403, `${role} without ${access}`);
            return;
          }
          expectAnswer(
            await send(operation, call, bearer(token)),
            entry.ownAnswers ?? '2xx',
            `${role} on its own organisation`,
            everywhere,
          );
          if ('none' in entry.foreign) return;
          for (const foreign of await entry.foreign(world)) {
            const expected = everywhere && foreign.aim === 'stranger' ? '2xx' : 404;
            expectAnswer(
              await send(operation, foreign.call, bearer(token)),
              expected,
              `${role} on ${foreign.label}`,
              everywhere,
            );
          }
        });
      }

      if (access !== 'module-key' && permits('user', grantedType)) {
        it('maintenance company (role user) reaches the owner organisation through its grant', async () => {
          const token = entry.consumesSession
            ? await world.login(world.t.fixtures.user.onderhoud.username)
            : world.grantedToken;
          expectAnswer(
            await send(operation, await entry.own(world), bearer(token)),
            entry.ownAnswers ?? '2xx',
            'granted organisation',
          );
        });
      }

      // Operations a role holds only in an organisation of a certain type: that organisation's user
      // reaches the owner's objects through its grant and nothing outside it, while the same role in
      // the owner organisation (the role loop above) and in the maintenance company answers 403.
      for (const typed of world.typeRuleUsers) {
        if (!permits(typed.role, typed.organisationType) || permits(typed.role, ownerType)) continue;
        it(`role ${typed.role} of an ${typed.organisationType} organisation: 2xx through its grant, 404 outside it`, async () => {
          const token = entry.consumesSession ? await world.login(typed.username) : typed.token;
          const label = `${typed.role} of the ${typed.organisationType} organisation`;
          expectAnswer(
            await send(operation, await entry.own(world), bearer(token)),
            entry.ownAnswers ?? '2xx',
            `${label} on the organisation that granted it access`,
          );
          if ('none' in entry.foreign) return;
          for (const foreign of await entry.foreign(world)) {
            expectAnswer(await send(operation, foreign.call, bearer(token)), 404, `${label} on ${foreign.label}`);
          }
        });
        // world.grantedToken is the maintenance company's user.
        if (typed.role === 'user' && !permits('user', grantedType)) {
          it(`role ${typed.role} of a ${grantedType} organisation: 403 where it is granted access`, async () => {
            expectAnswer(
              await send(operation, await entry.own(world), bearer(world.grantedToken)),
              403,
              `${typed.role} of the ${grantedType} organisation`,
            );
          });
        }
      }
    });
  }
});
