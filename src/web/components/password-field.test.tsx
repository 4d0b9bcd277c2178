import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../test/render';
import { PasswordField } from './password-field';

afterEach(() => i18n.activate('en'));

describe('PasswordField', () => {
  // Mantine's toggle has tabindex=-1 unless told: Tab went from the password straight past it.
  it.each([
    ['en', 'Password', 'Show or hide the password'],
    ['es', 'Contraseña', 'Mostrar u ocultar la contraseña'],
  ])(
    'lets Tab reach its named show-or-hide button, which Enter and Space press (%s)',
    async (locale, label, toggleName) => {
      i18n.activate(locale);
      renderWithProviders(
        <form>
          <PasswordField label={label} />
          <button type="submit">OK</button>
        </form>,
      );
      const user = userEvent.setup({ delay: null });
      const field = screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' });
      await user.click(field);
      await user.keyboard('secret');
      await user.tab();
      const toggle = screen.getByRole('button', { name: toggleName });
      expect(toggle).toHaveFocus();
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await user.keyboard('{Enter}');
      expect(field).toHaveAttribute('type', 'text');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await user.keyboard(' ');
      expect(field).toHaveAttribute('type', 'password');
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await user.tab();
      expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    },
  );

  // A screen reader's or voice control's press can be a click without the pointer's events:
  // Mantine's toggle answered only mouse-down, touch-end and Enter/Space.
  it('shows and hides the password on a bare click, and on a pointer’s click only once', async () => {
    renderWithProviders(<PasswordField label="Password" />);
    const field = screen.getByLabelText(/^Password/, { selector: 'input' });
    const toggle = screen.getByRole('button', { name: 'Show or hide the password' });
    fireEvent.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(field).toHaveAttribute('type', 'password');
    const user = userEvent.setup({ delay: null });
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'password');
  });
});
