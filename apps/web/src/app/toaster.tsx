import { useEffect } from 'react';
import toast, { Toaster, useToasterStore, type DefaultToastOptions } from 'react-hot-toast';

/** Spec 000 section 9: at most 20 toasts at once; react-hot-toast has no visible-count limit of its own. */
export const MAX_VISIBLE_TOASTS = 20;

/** Spec 000 section 9: 4 s for blank and error toasts, 2 s for success. */
export const TOAST_OPTIONS: DefaultToastOptions = {
  duration: 4000,
  blank: { duration: 4000 },
  style: {
    borderRadius: 10,
    padding: '10px 14px',
    color: '#0f172a',
    boxShadow: '0 10px 30px rgba(15, 23, 42, 0.12), 0 2px 6px rgba(15, 23, 42, 0.08)',
    fontSize: '0.95rem',
  },
  success: { duration: 2000, iconTheme: { primary: '#15803d', secondary: '#ffffff' } },
  error: { duration: 4000, iconTheme: { primary: '#dc2626', secondary: '#ffffff' } },
};

export function AppToaster() {
  const { toasts } = useToasterStore();

  useEffect(() => {
    // The store lists the newest first, so everything past the limit is the oldest.
    toasts
      .filter((item) => item.visible)
      .slice(MAX_VISIBLE_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
  }, [toasts]);

  return <Toaster position="top-center" gutter={10} toastOptions={TOAST_OPTIONS} />;
}
