import { errorCatalogue } from '@nine/shared/errors';
import type { ApiError, FailureHandler } from './api-client.ts';
import type { AppT } from './i18n.ts';
import type { ToastInput } from './toast.tsx';
import type { UiStore } from './ui-store.ts';

/** Spec section 9. */
export const RELOAD_DELAY_MS = 3000;
export const UNAVAILABLE_MODAL_DELAY_MS = 1000;

const RELOAD_REQUIRED = errorCatalogue.reloadRequired.code; // 1217
const ITEMS_UNAVAILABLE = errorCatalogue.itemsUnavailable.code; // 1207
const PRODUCTS_UNAVAILABLE = errorCatalogue.productsUnavailable.code; // 1208
const STATE_TRANSITION_FAILED = errorCatalogue.stateTransitionFailed.code; // 1203

/**
 * A 422 answers `data` keyed by catalogue code, each holding unavailable-item records:
 * `{ "1208": [{ "product_sku": "KAY-01" }], "1203": [{ "item_id": 12 }] }`.
 */
const itemLists = [
  { code: PRODUCTS_UNAVAILABLE, field: 'product_sku', message: 'errors:productsUnavailable' },
  { code: ITEMS_UNAVAILABLE, field: 'product_category', message: 'errors:itemsUnavailable' },
  { code: STATE_TRANSITION_FAILED, field: 'item_id', message: 'errors:stateTransitionFailed' },
] as const;

export interface FailureHandlingDeps {
  notify(toast: ToastInput): void;
  ui: Pick<
    UiStore,
    'closeCommonModal' | 'setDefaultModal' | 'closeRightDrawer' | 'openCommonModal' | 'hideDefaultLoading'
  >;
  /** Ends the session and remembers where the user was (spec section 4). */
  onUnauthorized(): void;
  reload(): void;
  t: AppT;
  log?(error: ApiError): void;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** True when every key of data is a numeric code, the shape a 422 uses to list items. */
function isKeyedByCode(data: unknown): data is Record<string, unknown> {
  if (!isRecord(data)) return false;
  const keys = Object.keys(data);
  return keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
}

function valuesOf(records: unknown, field: string): string[] {
  if (!Array.isArray(records)) return [];
  return records.flatMap((record) => {
    const value = isRecord(record) ? record[field] : record;
    return typeof value === 'string' || typeof value === 'number' ? [String(value)] : [];
  });
}

/** The lines of a 422 listing items by code; empty when none of the known codes is there. */
export function unavailableItemLines(data: Record<string, unknown>, t: AppT): string[] {
  return itemLists.flatMap(({ code, field, message }) => {
    if (!(String(code) in data)) return [];
    return [t(message, { items: valuesOf(data[String(code)], field).join(', ') })];
  });
}

/** The default handling of spec section 8 for the main client; the caller re-raises the error afterwards. */
export function createFailureHandler(deps: FailureHandlingDeps): FailureHandler {
  const { notify, ui, t } = deps;
  const log =
    deps.log ?? ((error: ApiError) => console.error('[api]', error.status, error.respCode, error.message));
  const somethingWentWrong = t('common:errors.title');

  function generic(error: ApiError): void {
    log(error);
    notify({
      type: 'error',
      title: somethingWentWrong,
      message: error.status === 500 ? t('errors:internal') : error.message,
    });
    if (error.respCode === RELOAD_REQUIRED) setTimeout(() => deps.reload(), RELOAD_DELAY_MS);
  }

  return (error) => {
    if (error.status === 401) {
      ui.hideDefaultLoading();
      deps.onUnauthorized();
      return;
    }
    if (error.status !== 422) {
      generic(error);
      return;
    }
    if (error.respCode === ITEMS_UNAVAILABLE) {
      ui.setDefaultModal(false);
      ui.closeCommonModal();
      ui.closeRightDrawer();
      const data = error.data;
      setTimeout(() => ui.openCommonModal('unavailable-items', data), UNAVAILABLE_MODAL_DELAY_MS);
      return;
    }
    if (isKeyedByCode(error.data)) {
      const lines = unavailableItemLines(error.data, t);
      notify(
        lines.length > 0
          ? { type: 'error', title: t('common:errors.operation_failed'), message: lines.join('\n') }
          : { type: 'error', title: t('common:errors.unavailable_items'), message: error.message },
      );
      return;
    }
    // Any other 422 goes the way of a 400.
    generic(error);
  };
}
