import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { notify } from './notifications';

/** The ids of the toasts the store shows (the queue holds the ones waiting). */
function shownIds(): string[] {
  return notificationsStore.getState().notifications.map((item) => item.id ?? '');
}

function region() {
  return screen.getByRole('region', { name: 'Notifications' });
}

async function showToast(title: string, message?: string) {
  act(() => {
    notify.success(title, message);
  });
  return within(region()).findByText(title);
}

function toastOf(title: string): HTMLElement {
  const toast = screen.getByText(title).closest<HTMLElement>('[data-notification-id]');
  if (!toast) throw new Error(`no toast holds "${title}"`);
  return toast;
}

function swipe(element: HTMLElement, dx: number) {
  fireEvent.pointerDown(element, { pointerId: 1, clientX: 100, clientY: 200, button: 0 });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 100 + dx / 2, clientY: 201 });
  fireEvent.pointerUp(element, { pointerId: 1, clientX: 100 + dx, clientY: 202 });
}

describe('notify', () => {
  it('shows a success toast with the given title and message', async () => {
    renderWithProviders(<p>page</p>);

    await showToast('Profile Updated', 'Your couple profile was saved.');

    expect(within(region()).getByText('Your couple profile was saved.')).toBeInTheDocument();
    expect(within(region()).getByRole('status')).toHaveTextContent('Profile Updated');
  });

  it("writes the description in the theme's dimmed colour (Mantine's own grey is below 4.5:1 on white)", async () => {
    renderWithProviders(<p>page</p>);
    await showToast('Profile Updated', 'Your couple profile was saved.');
    // The declared colour (jsdom 31 resolves var() in computed styles, and the test page defines no
    // Mantine variables, so the computed colour says nothing).
    const description = within(region()).getByText('Your couple profile was saved.');
    expect(description.style.getPropertyValue('color')).toBe('var(--mantine-color-dimmed)');
  });

  it('shows an error toast as an alert', async () => {
    renderWithProviders(<p>page</p>);

    act(() => {
      notify.error('Upload Failed', 'Upload failed');
    });

    const alert = await within(region()).findByRole('alert');
    expect(alert).toHaveTextContent('Upload Failed');
    expect(alert).toHaveTextContent('Upload failed');
  });

  it('shows one toast at a time: of two raised together, the last one', async () => {
    renderWithProviders(<p>page</p>);

    act(() => {
      notify.success('Week Completed!');
      notify.success('Progress Saved');
    });

    expect(await within(region()).findByText('Progress Saved')).toBeInTheDocument();
    expect(within(region()).queryByText('Week Completed!')).not.toBeInTheDocument();
    expect(shownIds()).toHaveLength(1);
  });

  it('replaces the shown toast at once instead of queueing the new one behind it', async () => {
    renderWithProviders(<p>page</p>);
    await showToast('Login Successful', 'Welcome back!');

    act(() => {
      notify.error('Week Locked', 'Complete Week 3 to unlock this week.');
    });

    // Well before the shown toast's 5 s would have run out.
    const alert = await within(region()).findByRole('alert', {}, { timeout: 1000 });
    expect(alert).toHaveTextContent('Week Locked');
    expect(alert).toHaveTextContent('Complete Week 3 to unlock this week.');
    await waitFor(() => expect(within(region()).queryByText('Login Successful')).not.toBeInTheDocument());
    expect(shownIds()).toHaveLength(1);
    expect(notificationsStore.getState().queue).toEqual([]);
  });

  it('keeps replacing on quick repeated actions, ending with the last toast', async () => {
    renderWithProviders(<p>page</p>);
    await showToast('Responses Saved');

    act(() => {
      notify.success('Progress Saved');
    });
    await within(region()).findByText('Progress Saved', {}, { timeout: 1000 });
    act(() => {
      notify.success('Week Completed!');
    });

    expect(await within(region()).findByText('Week Completed!', {}, { timeout: 1000 })).toBeInTheDocument();
    await waitFor(() => {
      expect(within(region()).queryByText('Responses Saved')).not.toBeInTheDocument();
      expect(within(region()).queryByText('Progress Saved')).not.toBeInTheDocument();
    });
  });
});

describe('F8', () => {
  it('moves focus to the shown notification', async () => {
    const user = userEvent.setup();
    renderWithProviders(<button type="button">Elsewhere</button>);
    await showToast('Responses Saved');
    screen.getByRole('button', { name: 'Elsewhere' }).focus();

    await user.keyboard('{F8}');

    expect(toastOf('Responses Saved')).toHaveFocus();
    expect(region()).toContainElement(document.activeElement as HTMLElement);
  });

  it('then Escape dismisses the toast and returns focus to where it was', async () => {
    const user = userEvent.setup();
    renderWithProviders(<button type="button">Elsewhere</button>);
    await showToast('Framework uploaded successfully!');
    screen.getByRole('button', { name: 'Elsewhere' }).focus();

    await user.keyboard('{F8}');
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByText('Framework uploaded successfully!')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('moves focus on to a toast that replaces the one being read, and keeps it open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<button type="button">Elsewhere</button>);
    await showToast('Progress Saved');
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await user.keyboard('{F8}');
    expect(toastOf('Progress Saved')).toHaveFocus();

    act(() => {
      notify.error('Save Failed', 'Could not save your profile. Please try again.');
    });

    await waitFor(() => expect(toastOf('Save Failed')).toHaveFocus());
    const [shown] = notificationsStore.getState().notifications;
    expect(shown).toMatchObject({ title: 'Save Failed', autoClose: false });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Save Failed')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('leaves focus alone when the toast is only closed, so the page does not jump to the region', async () => {
    const user = userEvent.setup();
    renderWithProviders(<p>page</p>);
    await showToast('Profile Updated');
    const close = within(toastOf('Profile Updated')).getByRole('button', { name: 'Dismiss notification' });

    await user.click(close);

    await waitFor(() => expect(screen.queryByText('Profile Updated')).not.toBeInTheDocument());
    expect(region()).not.toHaveFocus();
  });

  it('moves focus to the notification region when no notification is shown', async () => {
    const user = userEvent.setup();
    renderWithProviders(<input aria-label="Your name" />);
    screen.getByRole('textbox', { name: 'Your name' }).focus();

    await user.keyboard('{F8}');

    expect(region()).toHaveFocus();
  });
});

describe('swipe to dismiss', () => {
  it('dismisses a toast swiped 60 px to the right', async () => {
    renderWithProviders(<p>page</p>);
    await showToast('Account Created');

    swipe(toastOf('Account Created'), 60);

    await waitFor(() => expect(screen.queryByText('Account Created')).not.toBeInTheDocument());
  });

  it('keeps a toast swiped only 30 px', async () => {
    renderWithProviders(<p>page</p>);
    await showToast('Login Successful');

    vi.useFakeTimers();
    swipe(toastOf('Login Successful'), 30);

    // Past the time a dismissal (250 ms exit transition) would take, on a fake clock.
    act(() => vi.advanceTimersByTime(400));
    vi.useRealTimers();
    expect(screen.getByText('Login Successful')).toBeInTheDocument();
  });

  it('keeps a toast swiped 60 px to the left', async () => {
    renderWithProviders(<p>page</p>);
    await showToast('Welcome back!');

    vi.useFakeTimers();
    swipe(toastOf('Welcome back!'), -60);

    act(() => vi.advanceTimersByTime(400));
    vi.useRealTimers();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
  });
});
