// Types translation keys from the Dutch resources, so a mistyped or missing key fails `tsc`.
import 'i18next';
import type { Resources } from './locales/resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
