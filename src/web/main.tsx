import '@mantine/core/styles.css';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './components/app-providers';
import { createAppRouter } from './router';
import { queryClient } from './trpc';

const router = createAppRouter({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(<AppProviders router={router} queryClient={queryClient} />);
