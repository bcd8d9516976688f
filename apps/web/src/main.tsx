import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/base.css';
import { App } from './app/app.tsx';
import { rememberReferral } from './lib/referral.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// An affiliate link may land on any page; the referral is kept for the purchase that follows.
rememberReferral(window.location.search);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
