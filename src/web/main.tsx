import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppNotifications } from './components/notifications';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';
import { queryClient } from './trpc';

const router = createAppRouter({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <AppNotifications />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
