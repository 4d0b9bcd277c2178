import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/render';
import { ErrorPage } from './error-page';

const SECRET = 'SQLITE_CONSTRAINT at /srv/app/src/server/features/secret-repo.ts:42';

let shouldThrow = true;
function BrokenPage() {
  if (shouldThrow) {
    const error = new Error(SECRET);
    error.stack = `Error: ${SECRET}\n    at BrokenPage (/srv/app/src/web/routes/broken.tsx:7:11)`;
    throw error;
  }
  return <h1>Recovered page</h1>;
}

describe('ErrorPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    shouldThrow = true;
  });

  it('says something went wrong without leaking the message or stack', async () => {
    // React and the router report the caught error on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});

    const { container } = renderRoute(BrokenPage, { errorComponent: ErrorPage });

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    expect(container.ownerDocument.body).not.toHaveTextContent(
      /SQLITE_CONSTRAINT|secret-repo|broken\.tsx|at BrokenPage/,
    );
    expect(consoleError).toHaveBeenCalled();
  });

  it('renders the page again after "Try again"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();

    renderRoute(BrokenPage, { errorComponent: ErrorPage });
    await screen.findByRole('heading', { name: 'Something went wrong' });

    shouldThrow = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Recovered page' })).toBeInTheDocument();
  });
});
