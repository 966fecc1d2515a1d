import { describe, expect, it } from 'vitest';
import { checkSenseLabel, formFromItem } from './sense-label-form.ts';

const form = { key: 'f3', nameNl: ' Noodstop kooi ', nameEn: '', unit: '' };

describe('the reading-name form', () => {
  it('sends trimmed names, an empty field as null, and the version it read', () => {
    expect(checkSenseLabel(form, 4)).toEqual({
      body: { nameNl: 'Noodstop kooi', nameEn: null, unit: null, version: 4 },
    });
  });

  it('names each mistake on its field', () => {
    expect(checkSenseLabel({ key: 'x7', nameNl: ' ', nameEn: '', unit: 'u'.repeat(17) }, null).problems).toEqual({
      key: 'keyInvalid',
      nameNl: 'nameRequired',
      unit: 'unitTooLong',
    });
    expect(checkSenseLabel({ ...form, nameEn: 'n'.repeat(81) }, null).problems).toEqual({ nameEn: 'nameTooLong' });
    expect(checkSenseLabel({ ...form, key: 'f100' }, null).problems).toEqual({ key: 'keyInvalid' });
  });

  it('starts from the organisation’s own names, or empty fields', () => {
    expect(formFromItem(null)).toEqual({ key: '', nameNl: '', nameEn: '', unit: '' });
    expect(
      formFromItem({
        key: 'f13',
        defaults: null,
        own: { nameNl: 'Voeding', nameEn: null, unit: 'V', version: 2 },
        shown: { name: 'Voeding', unit: 'V' },
      }),
    ).toEqual({ key: 'f13', nameNl: 'Voeding', nameEn: '', unit: 'V' });
  });
});
