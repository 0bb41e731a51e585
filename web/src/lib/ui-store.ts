import { createContext, createElement, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { savedDarkMode, setDarkMode as applyDarkMode } from './color-mode.ts';

/** Drawer and modal contents are cleared this long after they hide, once their closing animation ran. */
export const UI_CLEAR_DELAY_MS = 500;
/** Fired on window whenever the notification bar shows or hides: the usable view height changed. */
export const VIEW_HEIGHT_EVENT = 'custom-view-h-change';
export const DEFAULT_BACKDROP_OPACITY = 0.5;

/** What the common modal can show; app/ maps each to a component. */
export type CommonModalValue = 'unavailable-items';

/** The shared interface state of spec section 3, with the spec's field names. */
export interface UiState {
  showBackdrop: boolean;
  backDropOpacity: number;
  showRightDrawer: boolean;
  showDefaultModal: boolean;
  showLocationModal: boolean;
  showNotifBar: boolean;
  showCommonDefaultModal: boolean;
  modalIsPersistant: boolean;
  commonDefaultModalValue: CommonModalValue | null;
  commonDefaultModalData: unknown;
  notifMessage: string | null;
  showDefaultRightDrawer: boolean;
  defaultRightDrawerValue: string | null;
  defaultRightDrawerData: unknown;
  /** Derived, never set directly: dataManagerLoading || lockDefaultLoading. */
  showDefaultLoading: boolean;
  defaultModalLoading: boolean;
  dataManagerLoading: boolean;
  modalIsDraggable: boolean;
  lockDefaultLoading: boolean;
  darkMode: boolean;
}

export interface UiStore {
  getState(): UiState;
  subscribe(listener: () => void): () => void;

  showBackdrop(opacity?: number): void;
  hideBackdrop(): void;
  /** Shows the right drawer; with a value it shows that default drawer content with its data. */
  openRightDrawer(value?: string, data?: unknown): void;
  /** Hides the right drawer; its value and data are cleared 500 ms later. */
  closeRightDrawer(): void;
  setDefaultModal(show: boolean): void;
  setLocationModal(show: boolean): void;
  /** Shows the notification bar, optionally with a new message, and announces the height change. */
  showNotifBar(message?: string): void;
  hideNotifBar(): void;
  openCommonModal(value: CommonModalValue, data?: unknown, options?: { persistent?: boolean }): void;
  /** Hides the common modal; its value and data are cleared 500 ms later. */
  closeCommonModal(): void;
  setDataManagerLoading(on: boolean): void;
  setLockDefaultLoading(on: boolean): void;
  /** Drops both loading flags, so the global indicator hides (a 401 does this). */
  hideDefaultLoading(): void;
  setDefaultModalLoading(on: boolean): void;
  setModalDraggable(on: boolean): void;
  setDarkMode(on: boolean): void;
  dispose(): void;
}

export function initialUiState(darkMode = false): UiState {
  return {
    showBackdrop: false,
    backDropOpacity: DEFAULT_BACKDROP_OPACITY,
    showRightDrawer: false,
    showDefaultModal: false,
    showLocationModal: false,
    showNotifBar: false,
    showCommonDefaultModal: false,
    modalIsPersistant: false,
    commonDefaultModalValue: null,
    commonDefaultModalData: null,
    notifMessage: null,
    showDefaultRightDrawer: false,
    defaultRightDrawerValue: null,
    defaultRightDrawerData: null,
    showDefaultLoading: false,
    defaultModalLoading: false,
    dataManagerLoading: false,
    modalIsDraggable: false,
    lockDefaultLoading: false,
    darkMode,
  };
}

export interface UiStoreOptions {
  /** Where the height-change event goes; the page's window by default. */
  target?: EventTarget;
  /** Dark mode at start; the saved choice by default. */
  darkMode?: boolean;
}

export function createUiStore(options: UiStoreOptions = {}): UiStore {
  const target = options.target ?? window;
  let state = initialUiState(options.darkMode ?? savedDarkMode());
  const listeners = new Set<() => void>();
  let clearCommonModal: ReturnType<typeof setTimeout> | undefined;
  let clearRightDrawer: ReturnType<typeof setTimeout> | undefined;

  function set(patch: Partial<UiState>): void {
    const next = { ...state, ...patch };
    next.showDefaultLoading = next.dataManagerLoading || next.lockDefaultLoading;
    state = next;
    for (const listener of listeners) listener();
  }

  function announceHeightChange(): void {
    target.dispatchEvent(new Event(VIEW_HEIGHT_EVENT));
  }

  applyDarkMode(state.darkMode, { persist: false });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    showBackdrop: (opacity = DEFAULT_BACKDROP_OPACITY) =>
      set({ showBackdrop: true, backDropOpacity: opacity }),
    hideBackdrop: () => set({ showBackdrop: false }),

    openRightDrawer(value, data) {
      clearTimeout(clearRightDrawer);
      set(
        value === undefined
          ? { showRightDrawer: true }
          : {
              showRightDrawer: true,
              showDefaultRightDrawer: true,
              defaultRightDrawerValue: value,
              defaultRightDrawerData: data ?? null,
            },
      );
    },
    closeRightDrawer() {
      clearTimeout(clearRightDrawer);
      set({ showRightDrawer: false, showDefaultRightDrawer: false });
      clearRightDrawer = setTimeout(
        () => set({ defaultRightDrawerValue: null, defaultRightDrawerData: null }),
        UI_CLEAR_DELAY_MS,
      );
    },

    setDefaultModal: (show) => set({ showDefaultModal: show }),
    setLocationModal: (show) => set({ showLocationModal: show }),

    showNotifBar(message) {
      set(message === undefined ? { showNotifBar: true } : { showNotifBar: true, notifMessage: message });
      announceHeightChange();
    },
    hideNotifBar() {
      if (!state.showNotifBar) return;
      set({ showNotifBar: false });
      announceHeightChange();
    },

    openCommonModal(value, data, modalOptions = {}) {
      clearTimeout(clearCommonModal);
      set({
        showCommonDefaultModal: true,
        commonDefaultModalValue: value,
        commonDefaultModalData: data ?? null,
        modalIsPersistant: modalOptions.persistent ?? false,
      });
    },
    closeCommonModal() {
      if (!state.showCommonDefaultModal && state.commonDefaultModalValue === null) return;
      clearTimeout(clearCommonModal);
      set({ showCommonDefaultModal: false, modalIsPersistant: false, modalIsDraggable: false });
      clearCommonModal = setTimeout(
        () => set({ commonDefaultModalValue: null, commonDefaultModalData: null }),
        UI_CLEAR_DELAY_MS,
      );
    },

    setDataManagerLoading: (on) => set({ dataManagerLoading: on }),
    setLockDefaultLoading: (on) => set({ lockDefaultLoading: on }),
    hideDefaultLoading: () => set({ dataManagerLoading: false, lockDefaultLoading: false }),
    setDefaultModalLoading: (on) => set({ defaultModalLoading: on }),
    setModalDraggable: (on) => set({ modalIsDraggable: on }),

    setDarkMode(on) {
      applyDarkMode(on);
      set({ darkMode: on });
    },

    dispose() {
      clearTimeout(clearCommonModal);
      clearTimeout(clearRightDrawer);
      listeners.clear();
    },
  };
}

const UiStoreContext = createContext<UiStore | null>(null);

export function UiStoreProvider({ store, children }: { store: UiStore; children: ReactNode }) {
  return createElement(UiStoreContext.Provider, { value: store }, children);
}

export function useUiStore(): UiStore {
  const store = useContext(UiStoreContext);
  if (store === null) throw new Error('useUiStore needs a <UiStoreProvider>');
  return store;
}

/** Subscribes to one slice of the interface state; re-renders only when that slice changes. */
export function useUiState<T>(selector: (state: UiState) => T): T {
  const store = useUiStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}
