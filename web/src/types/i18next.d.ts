// Types t() keys against the bundled en-US files, so a missing key fails typecheck, not at run time.
import 'i18next';
import type auth from '@nine/locales/en-US/auth.json';
import type common from '@nine/locales/en-US/common.json';
import type errors from '@nine/locales/en-US/errors.json';
import type menu from '@nine/locales/en-US/menu.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: { common: typeof common; auth: typeof auth; menu: typeof menu; errors: typeof errors };
  }
}
