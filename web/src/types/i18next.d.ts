// Types t() keys against the bundled en-US files, so a missing key fails typecheck, not at run time.
import 'i18next';
import type auth from '@nine/locales/en-US/auth.json';
import type common from '@nine/locales/en-US/common.json';
import type errors from '@nine/locales/en-US/errors.json';
import type menu from '@nine/locales/en-US/menu.json';
import type settings from '@nine/locales/en-US/settings.json';
import type orders from '@nine/locales/en-US/orders.json';
import type agent from '@nine/locales/en-US/agent.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      menu: typeof menu;
      settings: typeof settings;
      orders: typeof orders;
      agent: typeof agent;
      errors: typeof errors;
    };
  }
}
