// First: before any module makes a zod schema (the policy allows no eval).
import './app/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { languageReady } from './i18n';
import { installErrorCapture } from './shell/errorLog';

// From the first script on, so that errors of the sign-in pages are recorded too.
installErrorCapture();

const root = document.getElementById('root');
if (!root) throw new Error('the page has no #root element');
// Only the start language's messages load with the page: nothing is drawn before they are in, so
// no text shows as its key. Should they fail to load, the console is drawn all the same.
void languageReady
  .catch((error: unknown) => console.error('the console language did not load', error))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
