import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, renderRoute } from '../test/render';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('names the problem and links home', async () => {
    renderRoute(() => null, { path: '/no-such-page', notFoundComponent: NotFoundPage });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('is what the app shows for an unknown path', async () => {
    renderApp('/this/does/not/exist');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
  });

  it('names itself in the page title, not as the landing page, and gives the title back on leaving', async () => {
    const { unmount } = renderApp('/this/does/not/exist');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await waitFor(() => expect(document.title).toBe('Page not found · Vows & Weeks'));
    unmount();
    expect(document.title).not.toBe('Page not found · Vows & Weeks');
  });
});
