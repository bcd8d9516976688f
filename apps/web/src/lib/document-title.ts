import { useEffect } from 'react';

const PRODUCT_TITLE = 'Stagecraft — AI virtual staging';

/** Gives each page its own tab title (screen readers announce it on navigation). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Stagecraft` : PRODUCT_TITLE;
  }, [title]);
}
