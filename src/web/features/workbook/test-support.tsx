import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../test/render';
import { createQueryClient } from '../../trpc';

/**
 * Renders `ui` with the app's providers and a fresh query client (the app's defaults); `rerender`
 * keeps the same client, as the dashboard does when it passes another week.
 */
export function renderWithQueryClient(ui: ReactNode) {
  const queryClient = createQueryClient();
  const withClient = (node: ReactNode) => <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>;
  const view = renderWithProviders(withClient(ui));
  return { queryClient, ...view, rerender: (node: ReactNode) => view.rerender(withClient(node)) };
}
