/** The guide screens the router loads lazily (001 section 2, /staging and /staging/{slug}). */
export { GuideIndexPage } from './guide-index-page.tsx';
export { GuideDetailPage } from './guide-detail-page.tsx';
