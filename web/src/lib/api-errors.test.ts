import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { createFailureHandler, RELOAD_DELAY_MS, UNAVAILABLE_MODAL_DELAY_MS } from './api-errors.ts';
import { i18n, initI18n, setLanguage } from './i18n.ts';
import type { ToastInput } from './toast.tsx';
import { createUiStore, type UiStore } from './ui-store.ts';

let ui: UiStore;
let toasts: ToastInput[];
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;
let log: ReturnType<typeof vi.fn<(error: ApiError) => void>>;

function handler() {
  return createFailureHandler({
    notify: (toast) => {
      toasts.push(toast);
    },
    ui,
    t: i18n.t.bind(i18n),
    onUnauthorized,
    reload,
    log,
  });
}

const failure = (status: number, message: string, respCode: number | null = null, data?: unknown) =>
  new ApiError({ kind: 'http', status, message, respCode, data });

beforeAll(async () => {
  await initI18n();
});
beforeEach(async () => {
  await setLanguage('en-US', { persist: false });
  vi.useFakeTimers();
  ui = createUiStore({ target: new EventTarget(), darkMode: false });
  toasts = [];
  onUnauthorized = vi.fn<() => void>();
  reload = vi.fn<() => void>();
  log = vi.fn<(error: ApiError) => void>();
});
afterEach(() => {
  ui.dispose();
  vi.useRealTimers();
});

describe('default failure handling (spec section 8)', () => {
  it("logs and shows 'Something went wrong!' with the server's message", () => {
    const error = failure(400, 'Some fields are not valid.', 1001);
    handler()(error);
    expect(log).toHaveBeenCalledWith(error);
    expect(toasts).toEqual([
      { type: 'error', title: 'Something went wrong!', message: 'Some fields are not valid.' },
    ]);
  });

  it('answers a 500 with its own text, whatever the server said', () => {
    handler()(failure(500, 'db exploded: relation "x" does not exist', 1000));
    expect(toasts).toEqual([
      {
        type: 'error',
        title: 'Something went wrong!',
        message: 'There appears to be problem fetching data.',
      },
    ]);
  });

  it('on a 401 hides the default loading and ends the session, without a toast', () => {
    ui.setDataManagerLoading(true);
    ui.setLockDefaultLoading(true);
    handler()(failure(401, 'Your session has ended.', 1002));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(ui.getState().showDefaultLoading).toBe(false);
    expect(toasts).toEqual([]);
  });

  it('reloads the page 3 s after resp_code 1217', () => {
    handler()(failure(409, 'A new version is available. The page will reload.', 1217));
    expect(toasts[0]?.message).toBe('A new version is available. The page will reload.');
    vi.advanceTimersByTime(RELOAD_DELAY_MS - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('422 with resp_code 1207: closes modal and right drawer, and opens the unavailable-items modal after 1 s', () => {
    ui.setDefaultModal(true);
    ui.openCommonModal('unavailable-items', ['old']);
    ui.openRightDrawer('order', { id: 1 });
    const data = [{ product_category: 'Kayaks' }, { product_sku: 'SUP-2' }];
    handler()(failure(422, 'Items are unavailable.', 1207, data));
    expect(ui.getState()).toMatchObject({
      showDefaultModal: false,
      showCommonDefaultModal: false,
      showRightDrawer: false,
      showDefaultRightDrawer: false,
    });
    vi.advanceTimersByTime(UNAVAILABLE_MODAL_DELAY_MS - 1);
    expect(ui.getState().showCommonDefaultModal).toBe(false);
    vi.advanceTimersByTime(1);
    expect(ui.getState()).toMatchObject({
      showCommonDefaultModal: true,
      commonDefaultModalValue: 'unavailable-items',
      commonDefaultModalData: data,
    });
    expect(toasts).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });

  it("422 keyed by 1208 lists the SKUs under 'Operation Failed!'", () => {
    handler()(failure(422, 'x', 1208, { 1208: [{ product_sku: 'KAY-01' }, { product_sku: 'KAY-02' }] }));
    expect(toasts).toEqual([
      {
        type: 'error',
        title: 'Operation Failed!',
        message: 'The following product(s) is/are not available for rent: KAY-01, KAY-02',
      },
    ]);
  });

  it('422 keyed by 1207 lists the categories, and by 1203 the item ids, one line each', () => {
    handler()(
      failure(422, 'x', 1203, {
        1207: [{ product_category: 'Bikes' }],
        1203: [{ item_id: 12 }, { item_id: 13 }],
      }),
    );
    expect(toasts[0]?.title).toBe('Operation Failed!');
    expect(toasts[0]?.message).toBe(
      'Action failed. The following product(s) is/are unavailable: Bikes\nState transition failed for the following item(s): 12, 13',
    );
  });

  it("422 keyed by codes none of which is known: 'Unavailable Item(s)' with the server's message", () => {
    handler()(failure(422, 'Nothing can be done.', 1299, { 1299: [{ item_id: 1 }] }));
    expect(toasts).toEqual([
      { type: 'error', title: 'Unavailable Item(s)', message: 'Nothing can be done.' },
    ]);
  });

  it('any other 422 is handled as a 400', () => {
    handler()(
      failure(422, 'This request key was already used for a different request.', 1020, { field: 'x' }),
    );
    expect(log).toHaveBeenCalled();
    expect(toasts).toEqual([
      {
        type: 'error',
        title: 'Something went wrong!',
        message: 'This request key was already used for a different request.',
      },
    ]);
  });

  it('a network failure shows its translated text', () => {
    handler()(new ApiError({ kind: 'network', status: 0, message: i18n.t('common:errors.network') }));
    expect(toasts[0]?.message).toBe('Could not reach the server. Check your connection and try again.');
  });
});
