// Types t() keys against the bundled en-US files, so a missing key fails typecheck, not at run time.
import 'i18next';
import type auth from '@nine/locales/en-US/auth.json';
import type common from '@nine/locales/en-US/common.json';
import type errors from '@nine/locales/en-US/errors.json';
import type menu from '@nine/locales/en-US/menu.json';
import type settings from '@nine/locales/en-US/settings.json';
import type orders from '@nine/locales/en-US/orders.json';
import type agent from '@nine/locales/en-US/agent.json';
import type money from '@nine/locales/en-US/money.json';
import type inventory from '@nine/locales/en-US/inventory.json';
import type stock from '@nine/locales/en-US/stock.json';
import type customers from '@nine/locales/en-US/customers.json';
import type staff from '@nine/locales/en-US/staff.json';
import type exports from '@nine/locales/en-US/exports.json';
import type fulfilment from '@nine/locales/en-US/fulfilment.json';
import type tours from '@nine/locales/en-US/tours.json';
import type participant from '@nine/locales/en-US/participant.json';

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
      money: typeof money;
      inventory: typeof inventory;
      stock: typeof stock;
      customers: typeof customers;
      staff: typeof staff;
      exports: typeof exports;
      fulfilment: typeof fulfilment;
      tours: typeof tours;
      participant: typeof participant;
      errors: typeof errors;
    };
  }
}
