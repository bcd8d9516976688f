/**
 * Shown while a lazily loaded screen arrives on the first page load. Plain markup (styles in app/base.css):
 * it is part of every page's first script, the landing page's included, which loads no MUI.
 */
export function PageLoading() {
  return (
    <div className="sc-page-loading" role="status" aria-live="polite">
      <div className="sc-spinner" role="progressbar" aria-label="Loading" />
    </div>
  );
}
