import { Textarea } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './render';

describe('the web test setup', () => {
  it("lets Mantine's autosize Textarea render and take typing (document.fonts is stubbed)", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Textarea label="Notes" autosize minRows={2} />);

    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'We talked for an hour.');

    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('We talked for an hour.');
    expect(document.fonts.status).toBe('loaded');
  });
});
