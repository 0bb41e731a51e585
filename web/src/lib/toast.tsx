import { createToaster, type CreateToasterReturn } from '@chakra-ui/react';
import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';

export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX = 20;
/** After a toast shows, others are dropped until this passes (spec section 4: one at a time). */
export const TOAST_LOCK_MS = 2000;

export type ToastType = 'success' | 'info' | 'error' | 'warning' | 'default';

export interface ToastInput {
  type: ToastType;
  title: string;
  message?: string;
}

export type AppToaster = CreateToasterReturn;

/** Spec section 9: top-right, at most 20, closing by themselves after 5 s. */
export function createAppToaster(): AppToaster {
  return createToaster({
    placement: 'top-end',
    max: TOAST_MAX,
    duration: TOAST_DURATION_MS,
    pauseOnPageIdle: true,
  });
}

export type Notify = (toast: ToastInput) => boolean;

/**
 * Shows toasts under the spec's rules: only one at a time (a lock cleared 2 s after a toast shows), and
 * no error toast while an earlier error toast is still on screen. Answers whether the toast was shown.
 */
export function createNotifier(toaster: AppToaster, options: { lockMs?: number } = {}): Notify {
  const lockMs = options.lockMs ?? TOAST_LOCK_MS;
  let locked = false;
  let errorToast: string | null = null;

  const errorOnScreen = () =>
    errorToast !== null && toaster.getVisibleToasts().some((toast) => toast.id === errorToast);

  return ({ type, title, message }) => {
    if (locked) return false;
    if (type === 'error' && errorOnScreen()) return false;
    locked = true;
    setTimeout(() => {
      locked = false;
    }, lockMs);
    const id = toaster.create({
      type,
      title,
      description: message,
      duration: TOAST_DURATION_MS,
      closable: true,
      // The store ranks only its own types; a plain toast queues like info.
      ...(type === 'default' ? { priority: 6 as const } : {}),
      onStatusChange: ({ status }) => {
        if (status !== 'visible' && errorToast === id) errorToast = null;
      },
    });
    if (type === 'error') errorToast = id;
    return true;
  };
}

const NotifyContext = createContext<Notify | null>(null);

export function NotifyProvider({ notify, children }: { notify: Notify; children: ReactNode }) {
  return <NotifyContext.Provider value={notify}>{children}</NotifyContext.Provider>;
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (notify === null) throw new Error('useNotify needs a <NotifyProvider>');
  return notify;
}

// The toast list (Chakra's toast machines, dismissal and focus handling) loads with the first toast.
const ToastList = lazy(() => import('./toast-list.tsx').then((m) => ({ default: m.ToastList })));

/** Renders the toasts of one toaster; mounted once, at the top of the app. */
export function AppToasts({ toaster }: { toaster: AppToaster }) {
  const [used, setUsed] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (used) return;
    // A toast created before this subscribed is counted; the list shows it once loaded.
    if (toaster.getCount() > 0) setUsed(true);
    return toaster.subscribe(() => setUsed(true));
  }, [toaster, used]);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toaster={toaster} />
    </Suspense>
  );
}
