import '@mantine/core/styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './components/app-providers';
import { createAppRouter } from './router';
import { queryClient } from './trpc';

const router = createAppRouter({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const app = <AppProviders router={router} queryClient={queryClient} />;

// `/` arrives prerendered (scripts/prerender.ts): load its route first (the lazily split landing
// component), then hydrate over the HTML. Every other page starts from the empty shell.
if (container.hasChildNodes() && window.location.pathname === '/') {
  void router.load().then(() => hydrateRoot(container, app));
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
