// What the fuzz test and `npm run fuzz` share besides the generator: the valid call each operation
// starts from, and the credentials a case is sent with.
import type { SecurityWorld } from '../test-support/security-world.ts';
import { operationCalls, type RouteCall } from './operation-calls.ts';
import type { Credential, FuzzTarget } from './openapi-fuzz.ts';
import type { Operation } from './openapi-operations.ts';

/**
 * Each operation with its valid call from the operation table, without the module key (the
 * credential adds it). An operation without an entry (the authorization matrix fails for it) is
 * still fuzzed, from an empty call.
 */
export async function fuzzTargets(world: SecurityWorld, operations: Operation[]): Promise<FuzzTarget[]> {
  const targets: FuzzTarget[] = [];
  for (const operation of operations) {
    const entry = operationCalls[operation.key];
    const call: RouteCall = entry ? await entry.own(world) : {};
    const headers = { ...call.headers };
    delete headers['x-module-key'];
    targets.push({ operation, call: { ...call, headers } });
  }
  return targets;
}

/** Headers for the credential; a call that ends its session (logout) gets a fresh one each time. */
export async function credentialHeaders(
  world: SecurityWorld,
  operation: Operation,
  credential: Credential,
): Promise<Record<string, string>> {
  switch (credential.kind) {
    case 'anonymous':
      return {};
    case 'module-key':
      return { 'x-module-key': world.moduleKey };
    case 'role': {
      const token = operationCalls[operation.key]?.consumesSession
        ? await world.freshRoleToken(credential.role)
        : world.roleTokens[credential.role];
      return token ? { authorization: `Bearer ${token}` } : {};
    }
  }
}

/**
 * After a case: a fuzzed write that was valid after all (2xx) may have changed a fixture user's
 * password or disabled it; later cases must still get in.
 */
export async function afterFuzzCase(world: SecurityWorld, operation: Operation, status: number): Promise<void> {
  if (operation.method !== 'GET' && status >= 200 && status < 300) await world.restoreAccounts();
}
