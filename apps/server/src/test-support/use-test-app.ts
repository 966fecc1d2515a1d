// One test file's app, made and closed by the file's hooks: the set-up every API test file wrote
// again (a `let t`, createTestApp before the tests, close after them).
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/**
 * Registers the hooks that create the app before the file's tests and close it after them, and
 * returns it. What it returns stands for the app from the first hook on: read its members inside
 * hooks and tests (as `t.app`, `t.fixtures`), not while the file is being collected.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get: (_target, member) => {
      if (!current) throw new Error('the test app exists inside hooks and tests only');
      return Reflect.get(current, member) as unknown;
    },
  });
}
