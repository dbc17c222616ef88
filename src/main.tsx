import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App.tsx';
import './ui/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render as a transition: React renders it in slices of ~5 ms, yielding between them,
// instead of one task of 25–45 ms of CPU in a fresh page (compiling React's and the app's
// functions on their first call is most of it; session 16).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
