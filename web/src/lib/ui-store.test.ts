import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUiStore, UI_CLEAR_DELAY_MS, VIEW_HEIGHT_EVENT, type UiStore } from './ui-store.ts';

let store: UiStore;
let target: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  target = new EventTarget();
  store = createUiStore({ target, darkMode: false });
});
afterEach(() => {
  store.dispose();
  vi.useRealTimers();
});

describe('interface store', () => {
  it('starts with everything hidden, the default backdrop opacity and the given dark mode', () => {
    const s = store.getState();
    expect(s.showBackdrop || s.showRightDrawer || s.showDefaultModal || s.showLocationModal).toBe(false);
    expect(
      s.showNotifBar || s.showCommonDefaultModal || s.showDefaultRightDrawer || s.showDefaultLoading,
    ).toBe(false);
    expect(s.backDropOpacity).toBe(0.5);
    expect(s.commonDefaultModalValue).toBeNull();
    expect(s.darkMode).toBe(false);
  });

  it('notifies subscribers with a new state object on every change', () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const before = store.getState();
    store.setDefaultModal(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).not.toBe(before);
    expect(store.getState().showDefaultModal).toBe(true);
    unsubscribe();
    store.setDefaultModal(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('shows the backdrop at the opacity asked for, and hides it', () => {
    store.showBackdrop(0.8);
    expect(store.getState()).toMatchObject({ showBackdrop: true, backDropOpacity: 0.8 });
    store.hideBackdrop();
    expect(store.getState().showBackdrop).toBe(false);
  });

  it('toggles the default modal, the location modal, modal dragging and modal loading', () => {
    store.setLocationModal(true);
    store.setModalDraggable(true);
    store.setDefaultModalLoading(true);
    expect(store.getState()).toMatchObject({
      showLocationModal: true,
      modalIsDraggable: true,
      defaultModalLoading: true,
    });
    store.setLocationModal(false);
    store.setModalDraggable(false);
    store.setDefaultModalLoading(false);
    expect(store.getState()).toMatchObject({
      showLocationModal: false,
      modalIsDraggable: false,
      defaultModalLoading: false,
    });
  });

  it('clears the common modal value and data 500 ms after hiding it', () => {
    store.openCommonModal('unavailable-items', [{ item_id: 4 }], { persistent: true });
    expect(store.getState()).toMatchObject({
      showCommonDefaultModal: true,
      commonDefaultModalValue: 'unavailable-items',
      commonDefaultModalData: [{ item_id: 4 }],
      modalIsPersistant: true,
    });
    store.closeCommonModal();
    expect(store.getState()).toMatchObject({
      showCommonDefaultModal: false,
      modalIsPersistant: false,
      commonDefaultModalValue: 'unavailable-items',
    });
    vi.advanceTimersByTime(UI_CLEAR_DELAY_MS - 1);
    expect(store.getState().commonDefaultModalValue).toBe('unavailable-items');
    vi.advanceTimersByTime(1);
    expect(store.getState()).toMatchObject({ commonDefaultModalValue: null, commonDefaultModalData: null });
  });

  it('keeps a common modal reopened within the 500 ms', () => {
    store.openCommonModal('unavailable-items', ['a']);
    store.closeCommonModal();
    vi.advanceTimersByTime(200);
    store.openCommonModal('unavailable-items', ['b']);
    vi.advanceTimersByTime(UI_CLEAR_DELAY_MS);
    expect(store.getState()).toMatchObject({ showCommonDefaultModal: true, commonDefaultModalData: ['b'] });
  });

  it('clears the right drawer value and data 500 ms after hiding it', () => {
    store.openRightDrawer('customer-card', { id: 9 });
    expect(store.getState()).toMatchObject({
      showRightDrawer: true,
      showDefaultRightDrawer: true,
      defaultRightDrawerValue: 'customer-card',
      defaultRightDrawerData: { id: 9 },
    });
    store.closeRightDrawer();
    expect(store.getState()).toMatchObject({ showRightDrawer: false, showDefaultRightDrawer: false });
    expect(store.getState().defaultRightDrawerValue).toBe('customer-card');
    vi.advanceTimersByTime(UI_CLEAR_DELAY_MS);
    expect(store.getState()).toMatchObject({ defaultRightDrawerValue: null, defaultRightDrawerData: null });
  });

  it('showing the notification bar fires custom-view-h-change and sets the message when given', () => {
    const heard = vi.fn();
    target.addEventListener(VIEW_HEIGHT_EVENT, heard);
    store.showNotifBar('Cash register closes in 10 minutes');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({
      showNotifBar: true,
      notifMessage: 'Cash register closes in 10 minutes',
    });
    store.hideNotifBar();
    store.showNotifBar();
    expect(store.getState()).toMatchObject({
      showNotifBar: true,
      notifMessage: 'Cash register closes in 10 minutes',
    });
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('shows the global loading while the data-manager flag or the lock is set, and hides it when neither is', () => {
    store.setDataManagerLoading(true);
    expect(store.getState().showDefaultLoading).toBe(true);
    store.setLockDefaultLoading(true);
    store.setDataManagerLoading(false);
    expect(store.getState().showDefaultLoading).toBe(true);
    store.setLockDefaultLoading(false);
    expect(store.getState().showDefaultLoading).toBe(false);
    store.setDataManagerLoading(true);
    store.setLockDefaultLoading(true);
    store.hideDefaultLoading();
    expect(store.getState()).toMatchObject({
      showDefaultLoading: false,
      dataManagerLoading: false,
      lockDefaultLoading: false,
    });
  });

  it('dark mode toggles the dark class on the body and is remembered', () => {
    store.setDarkMode(true);
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(store.getState().darkMode).toBe(true);
    expect(localStorage.getItem('nine.darkMode')).toBe('on');
    store.setDarkMode(false);
    expect(document.body.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('nine.darkMode')).toBe('off');
  });

  it('starts from the saved dark mode', () => {
    localStorage.setItem('nine.darkMode', 'on');
    const restored = createUiStore({ target });
    expect(restored.getState().darkMode).toBe(true);
    expect(document.body.classList.contains('dark')).toBe(true);
    restored.dispose();
  });
});
