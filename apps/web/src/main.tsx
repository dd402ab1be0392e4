import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import './app/styles.css';
import { nonceCreatedStyles, readCspNonce } from './lib/csp-nonce';

const nonce = readCspNonce();
if (nonce) nonceCreatedStyles(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <App queryClient={createAppQueryClient()} router={createAppRouter()} />
  </StrictMode>,
);
