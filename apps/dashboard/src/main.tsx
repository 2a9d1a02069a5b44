/** The dashboard's entry: mounts the app (no server rendering; the page is a static shell). */
// First: no zod schema may be built before jitless mode is on (see the module).
import './zod-jitless.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import '@sextant/ui/styles.css';
import './styles.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
