import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { i18n } from './i18n';
import { LanguageSwitch } from './language-switch';
import { useT } from './use-t';

function Heading() {
  const { t } = useT();
  return <h1>{t('common.notFound.title')}</h1>;
}

describe('the language switch', () => {
  it('offers each language in its own language, switches the page, remembers the choice', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <>
        <LanguageSwitch onChange={onChange} />
        <Heading />
      </>,
    );
    const group = screen.getByRole('group', { name: 'Language' });
    const english = screen.getByRole('button', { name: 'English' });
    const spanish = screen.getByRole('button', { name: 'Español' });
    expect(group).toContainElement(spanish);
    expect(english).toHaveAttribute('lang', 'en');
    expect(spanish).toHaveAttribute('lang', 'es');
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading')).toHaveTextContent('Page not found');

    await userEvent.click(spanish);
    expect(await screen.findByRole('heading', { name: 'No encontramos esta página' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    expect(spanish).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('es');
    expect(document.cookie).toContain('vw_locale=es');
    // This device's own choice too, which a sign-out brings back (decision 0355).
    expect(document.cookie).toContain('vw_device_locale=es');
    expect(onChange).toHaveBeenCalledWith('es');
    expect(i18n.locale).toBe('es');

    // Choosing the language already shown does nothing.
    await userEvent.click(spanish);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
