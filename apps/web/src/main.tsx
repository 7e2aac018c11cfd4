// First, for its side effect: Discover's code and data start loading before the rest is evaluated.
import './app/first-screen.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { captureFbclid, installConsentEffects } from './tracking/fbc-capture.ts';
import { installReferralConsentEffects } from './tracking/referral-capture.ts';

// The app renders its own per-page <title> and description; drop the static placeholders.
for (const node of document.head.querySelectorAll('[data-prerender]')) node.remove();

// Before anything renders: a landing URL's fbclid is captured (or held until consent).
installConsentEffects();
installReferralConsentEffects();
captureFbclid(window.location.search);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
