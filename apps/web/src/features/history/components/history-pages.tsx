/** The history's two screens, loaded together when either route is first visited (see app/router.tsx). */
export { HistoryPage } from './history-page.tsx';
export { HistorySessionPage } from './session-detail-page.tsx';
