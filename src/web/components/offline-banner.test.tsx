import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { OfflineBanner } from './offline-banner';

const OFFLINE_TEXT =
  'You are offline. What you type is kept on this device, and the answers, notes and ratings you save are sent once you are back online.';

afterEach(() => vi.restoreAllMocks());

describe('OfflineBanner', () => {
  it('shows while the browser is offline and goes when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderWithProviders(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();

    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(OFFLINE_TEXT)).not.toBeInTheDocument();
  });
});
