// The app's own Dutch common texts, through i18next as the app uses them, so a flow can expect the
// exact text a shared formatter (lib/format-duration.ts) writes without restating its rules.
import i18next from 'i18next';
import nlCommon from '../../src/locales/nl/common.json' with { type: 'json' };

const instance = i18next.createInstance();
void instance.init({
  lng: 'nl',
  ns: ['common'],
  defaultNS: 'common',
  resources: { nl: { common: nlCommon } },
  initAsync: false,
});

export const dutchT = instance.getFixedT('nl', 'common');
