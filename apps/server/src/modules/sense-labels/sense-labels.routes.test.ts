// Issue 41: module readings have names. The standard readings are named in Dutch and English without
// any data (an install without the demo); an organisation's admin names and units any reading for
// its organisation, with the version it read (409 on a stale one), audited; GET /sense/configuration
// answers those names over the defaults in the caller's language.
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SenseConfigurationResponse } from '@liftwacht/contracts/sense';
import { standardReadingKeys, type SenseLabelItem, type SenseLabels } from '@liftwacht/contracts/sense-labels';
import { auditLog, senseConfiguration } from '../../db/schema.ts';
import { catalogue } from '../../lib/server-i18n.ts';
import { apiClient } from '../../test-support/api-client.ts';
import { insertMaintenanceAdmin } from '../../test-support/fixtures.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const t = useTestApp();
const { send } = apiClient(t);

beforeAll(async () => {
  // An admin of the maintenance company, which the owner organisation granted access; it reads English.
  await insertMaintenanceAdmin(t, 'en-GB');
});

const labelsUrl = (organisationId: number, key?: string) =>
  `/organisations/${String(organisationId)}/sense-labels${key === undefined ? '' : `/${key}`}`;
const itemOf = (res: LightMyRequestResponse) => res.json<{ data: SenseLabelItem }>().data;
/** key → "label [unit]" of GET /sense/configuration?type=label. */
async function shownLabels(username: string, query = ''): Promise<Map<string, string>> {
  const res = await send(username, 'GET', `/sense/configuration?type=label${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json<SenseConfigurationResponse>().data.items;
  return new Map(items.map((i) => [i.key, i.unit ? `${i.label} [${i.unit}]` : i.label]));
}

describe('reading names without any configuration', () => {
  it('names every standard reading, in the caller’s language, with its unit', async () => {
    const dutch = await shownLabels('test-monteur');
    expect([...dutch.keys()]).toEqual([...standardReadingKeys]);
    expect(dutch.get('f3')).toBe('Noodstop');
    expect(dutch.get('f13')).toBe('Netspanning [V]');
    expect(dutch.get('e4')).toBe('Testoproepinterval [u]');
    // test-onderhoud reads English (en-GB); an explicit locale wins over the profile's.
    const english = await shownLabels('test-onderhoud', `&organisationId=${String(t.fixtures.org.owner)}`);
    expect(english.get('f3')).toBe('Emergency stop');
    expect(english.get('e4')).toBe('Test call interval [h]');
    expect((await shownLabels('test-monteur', '&locale=en-US')).get('f10')).toBe('Inspection mode');
  });

  it('has a Dutch and an English default for every standard reading, none of them a code', () => {
    for (const language of ['nl', 'en'] as const) {
      const readings: Record<string, { name: string } | undefined> = catalogue(language)['sense-labels'].readings;
      expect(Object.keys(readings).sort()).toEqual([...standardReadingKeys].sort());
      for (const key of standardReadingKeys) expect(readings[key]?.name, key).not.toMatch(/^[fe]\d+$/);
    }
  });
});

describe('an organisation’s own names', () => {
  const owner = () => t.fixtures.org.owner;

  it('lists the standard readings with both defaults for its admin, editable', async () => {
    const res = await send('test-admin', 'GET', `${labelsUrl(owner())}?locale=en-GB`);
    expect(res.statusCode, res.body).toBe(200);
    const labels = res.json<{ data: SenseLabels }>().data;
    expect(labels).toMatchObject({ organisationName: 'Woonstichting Test', editable: true });
    expect(labels.items.map((i) => i.key)).toEqual([...standardReadingKeys]);
    expect(labels.items[13]).toEqual({
      key: 'f13',
      defaults: { nl: { name: 'Netspanning', unit: 'V' }, en: { name: 'Mains voltage', unit: 'V' } },
      own: null,
      shown: { name: 'Mains voltage', unit: 'V' },
    });
  });

  it('renames a reading for its organisation only, keeping the other language’s default', async () => {
    const put = await send('test-admin', 'PUT', labelsUrl(owner(), 'f3'), {
      nameNl: '  Noodstopschakelaar ',
      nameEn: null,
      unit: '',
      version: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(itemOf(put)).toMatchObject({
      own: { nameNl: 'Noodstopschakelaar', nameEn: null, unit: null, version: 1 },
      shown: { name: 'Noodstopschakelaar', unit: null },
    });
    expect((await shownLabels('test-user')).get('f3')).toBe('Noodstopschakelaar');
    expect((await shownLabels('test-user', '&locale=en-GB')).get('f3')).toBe('Emergency stop');
    // The client organisation (also served by the maintenance company) keeps the default.
    const client = `&organisationId=${String(t.fixtures.org.client)}`;
    expect((await shownLabels('test-onderhoud', `${client}&locale=nl`)).get('f3')).toBe('Noodstop');
  });

  it('names a reading without a default, in both languages from one name', async () => {
    const put = await send('test-admin', 'PUT', labelsUrl(owner(), 'f42'), {
      nameNl: 'Oliedruk',
      nameEn: null,
      unit: 'bar',
      version: null,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await shownLabels('test-user')).get('f42')).toBe('Oliedruk [bar]');
    expect((await shownLabels('test-user', '&locale=en-GB')).get('f42')).toBe('Oliedruk [bar]');
    const list = (await send('test-admin', 'GET', labelsUrl(owner()))).json<{ data: SenseLabels }>().data;
    expect(list.items.map((i) => i.key).slice(20, 23)).toEqual(['f20', 'f42', 'e0']);
    expect(list.items.find((i) => i.key === 'f42')?.defaults).toBeNull();
  });

  it('answers 409 with the current names to a stale version, a second first name or a reset reading', async () => {
    const first = await send('test-admin', 'PUT', labelsUrl(owner(), 'f13'), {
      nameNl: 'Voeding',
      nameEn: 'Supply',
      unit: 'V',
      version: null,
    });
    expect(itemOf(first).own?.version).toBe(1);
    const again = await send('test-system-admin', 'PUT', labelsUrl(owner(), 'f13'), {
      nameNl: 'Netspanning L1',
      nameEn: null,
      unit: 'V',
      version: null,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { field: 'version' }, current: { own: { nameNl: 'Voeding' } } });
    const changed = await send('test-system-admin', 'PUT', labelsUrl(owner(), 'f13'), {
      nameNl: 'Netspanning L1',
      nameEn: 'Mains L1',
      unit: 'V',
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(itemOf(changed).own?.version).toBe(2);
    const stale = await send('test-admin', 'PUT', labelsUrl(owner(), 'f13'), {
      nameNl: 'Voeding 2',
      nameEn: null,
      unit: 'V',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ current: { own: { nameNl: 'Netspanning L1', version: 2 } } });

    expect((await send('test-admin', 'DELETE', `${labelsUrl(owner(), 'f13')}?version=1`)).statusCode).toBe(409);
    const reset = await send('test-admin', 'DELETE', `${labelsUrl(owner(), 'f13')}?version=2`);
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await shownLabels('test-user')).get('f13')).toBe('Netspanning [V]');
    expect((await send('test-admin', 'DELETE', `${labelsUrl(owner(), 'f13')}?version=2`)).statusCode).toBe(409);
    // A name for a reading somebody reset meanwhile names the version it read: 409, not a new row.
    const gone = await send('test-admin', 'PUT', labelsUrl(owner(), 'f13'), {
      nameNl: 'x',
      nameEn: null,
      unit: null,
      version: 2,
    });
    expect(gone.statusCode).toBe(409);
  });

  it('audits each change with who, the key and the names before and after', async () => {
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, owner()), eq(auditLog.subjectType, 'organisation')));
    const changes = rows
      .filter((r) => r.action.startsWith('organisation.sense_label'))
      .map((r) => [r.action, r.userId, r.before, r.after]);
    expect(changes).toContainEqual([
      'organisation.sense_label_updated',
      t.fixtures.user.admin.id,
      { key: 'f3' },
      { key: 'f3', nameNl: 'Noodstopschakelaar', nameEn: null, unit: null },
    ]);
    expect(changes).toContainEqual([
      'organisation.sense_label_updated',
      t.fixtures.user.systemAdmin.id,
      { key: 'f13', nameNl: 'Voeding', nameEn: 'Supply', unit: 'V' },
      { key: 'f13', nameNl: 'Netspanning L1', nameEn: 'Mains L1', unit: 'V' },
    ]);
    expect(changes).toContainEqual([
      'organisation.sense_label_reset',
      t.fixtures.user.admin.id,
      { key: 'f13', nameNl: 'Netspanning L1', nameEn: 'Mains L1', unit: 'V' },
      { key: 'f13' },
    ]);
  });
});

describe('who may name readings', () => {
  const body = { nameNl: 'Naam', nameEn: 'Name', unit: null, version: null };

  it('lets only the organisation’s own admin and system-admin change them', async () => {
    const { org } = t.fixtures;
    // A user without modules.manage: 403 on the page and on a change.
    expect((await send('test-user', 'GET', labelsUrl(org.owner))).statusCode).toBe(403);
    expect((await send('test-user', 'PUT', labelsUrl(org.owner, 'f5'), body)).statusCode).toBe(403);
    // The maintenance company's admin reads its client's names but may not change them.
    const read = await send('test-onderhoud-admin', 'GET', labelsUrl(org.owner));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ data: SenseLabels }>().data.editable).toBe(false);
    expect(read.json<{ data: SenseLabels }>().data.items[3]?.shown.name).toBe('Emergency stop');
    expect((await send('test-onderhoud-admin', 'PUT', labelsUrl(org.owner, 'f5'), body)).statusCode).toBe(403);
    // Another organisation's: 404, for its names and its labels alike.
    expect((await send('test-admin', 'GET', labelsUrl(org.stranger))).statusCode).toBe(404);
    expect((await send('test-admin', 'PUT', labelsUrl(org.stranger, 'f5'), body)).statusCode).toBe(404);
    expect((await send('test-admin', 'DELETE', `${labelsUrl(org.stranger, 'f5')}?version=1`)).statusCode).toBe(404);
    const foreign = await send('test-user', 'GET', `/sense/configuration?organisationId=${String(org.stranger)}`);
    expect(foreign.statusCode).toBe(404);
    // system-admin: every organisation.
    expect((await send('test-system-admin', 'PUT', labelsUrl(org.stranger, 'f5'), body)).statusCode).toBe(200);
  });

  it('refuses a bad key, no name, a long or broken name, with the field', async () => {
    const url = (key: string) => labelsUrl(t.fixtures.org.owner, key);
    const field = async (key: string, payload: unknown) =>
      (await send('test-admin', 'PUT', url(key), payload)).json<{ error: { field?: string } }>().error.field;
    expect(await field('x1', body)).toBe('key');
    expect(await field('f100', body)).toBe('key');
    expect(await field('f6', { ...body, nameNl: ' ', nameEn: null })).toBe('nameNl');
    expect(await field('f6', { ...body, nameEn: 'n'.repeat(81) })).toBe('nameEn');
    expect(await field('f6', { ...body, nameNl: 'a\u0007b' })).toBe('nameNl');
    expect(await field('f6', { ...body, unit: 'u'.repeat(17) })).toBe('unit');
    expect(await field('f6', { ...body, extra: 1 })).toBeDefined();
  });
});

describe('GET /sense/configuration with a global configuration', () => {
  it('keeps configuration rows only for readings without a default or own name, paged', async () => {
    await t.database.db.insert(senseConfiguration).values([
      { type: 'label', key: 'f2', label: 'Richting', moduleType: null },
      { type: 'label', key: 'f2', label: 'Richting (hydraulisch)', moduleType: 'hydraulic' },
      { type: 'label', key: 'f60', label: 'Oliepeil', moduleType: null },
      { type: 'unit', key: 'f10', label: 'V', moduleType: null },
    ]);
    const labels = await shownLabels('test-client', '&locale=en-GB');
    expect(labels.get('f2')).toBe('Direction of travel');
    expect(labels.get('f60')).toBe('Oliepeil');
    const res = await send('test-client', 'GET', '/sense/configuration?type=label');
    const body = res.json<SenseConfigurationResponse>().data;
    expect(body.pagination).toEqual({ limit: 9999, offset: 0 });
    // The standard readings, the owner's two own keys (f42; f5 belongs to the stranger) and f60.
    expect(body.total).toBe(standardReadingKeys.length + 2);
    expect(body.items.filter((i) => i.key === 'f2')).toHaveLength(1);
    const all = (
      await send('test-client', 'GET', '/sense/configuration?limit=2&offset=0')
    ).json<SenseConfigurationResponse>();
    expect(all.data.total).toBe(standardReadingKeys.length + 3);
    expect(all.data.items.map((i) => i.key)).toEqual(['f0', 'f1']);
    const unit = (
      await send('test-client', 'GET', '/sense/configuration?type=unit')
    ).json<SenseConfigurationResponse>();
    expect(unit.data.items).toMatchObject([{ type: 'unit', key: 'f10', label: 'V' }]);
    expect((await send('test-client', 'GET', '/sense/configuration?limit=10000')).json()).toMatchObject({
      error: { field: 'limit' },
    });
  });
});
