import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createConsoleQueryClient } from './app/query-client';
import { createConsoleRouter } from './app/router';
import './app/styles.css';
import { nonceCreatedStyles, readCspNonce } from './lib/csp-nonce';

const nonce = readCspNonce();
if (nonce) nonceCreatedStyles(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App queryClient={createConsoleQueryClient()} router={createConsoleRouter()} />
  </StrictMode>,
);
