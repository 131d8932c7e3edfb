// First: before any module makes a zod schema (the policy allows no eval).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { installErrorCapture } from './shell/errorLog';

// From the first script on, so that errors of the sign-in pages are recorded too.
installErrorCapture();

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
