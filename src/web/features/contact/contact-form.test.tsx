import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { deferred, stubTrpcFetch, type StubAnswer } from '../../test/trpc-fetch-stub';
import { ContactForm } from './contact-form';

afterEach(() => {
  vi.unstubAllGlobals();
});

const sent: StubAnswer = {
  data: { success: true, message: "Thank you for your message. We'll get back to you within 24 hours." },
};

type User = ReturnType<typeof userEvent.setup>;

/** Puts text in a field as a paste (typing letter by letter is slow in jsdom). */
async function enter(user: User, name: RegExp, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

async function fillRequired(user: User, email = 'mia@example.com') {
  await enter(user, /first name/i, 'Mia');
  await enter(user, /last name/i, 'Okoro');
  await enter(user, /email/i, email);
  await enter(user, /message/i, 'Can we start before the wedding?');
}

// Typing is slow in jsdom on a busy machine.
describe('ContactForm', { timeout: 20_000 }, () => {
  it('has labelled fields, an email input, the four subjects and a 4-row message box', async () => {
    renderRoute(ContactForm);
    expect(await screen.findByRole('textbox', { name: /email/i })).toHaveAttribute('type', 'email');
    expect(screen.getByRole('textbox', { name: /message/i })).toHaveAttribute('rows', '4');
    const subject = screen.getByRole('combobox', { name: /subject/i });
    expect([...subject.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Choose a topic (optional)',
      'General Question',
      'Course Content',
      'Payment Support',
      'Technical Issue',
    ]);
  });

  it('asks for the missing fields without sending anything', async () => {
    const stub = stubTrpcFetch({ 'contact.send': () => sent });
    const user = userEvent.setup({ delay: null });
    renderRoute(ContactForm);
    await screen.findByRole('textbox', { name: /first name/i });
    await enter(user, /first name/i, 'Mia');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /last name/i })).toHaveAttribute('aria-invalid', 'true');
    // QA walk: the focus stayed on the button; the first field to fix now gets it, as on /gift.
    expect(screen.getByRole('textbox', { name: /last name/i })).toHaveFocus();
    expect(stub.calls).toEqual([]);
  });

  it('shows a malformed email at the field without sending', async () => {
    const stub = stubTrpcFetch({ 'contact.send': () => sent });
    const user = userEvent.setup({ delay: null });
    renderRoute(ContactForm);
    await screen.findByRole('textbox', { name: /first name/i });
    await fillRequired(user, 'mia-at-example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Must be a valid email address')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveFocus();
    expect(stub.calls).toEqual([]);
  });

  it('reads Sending... and is disabled while sending, then thanks and clears the form', async () => {
    const answer = deferred<StubAnswer>();
    const stub = stubTrpcFetch({ 'contact.send': () => answer.promise });
    const user = userEvent.setup({ delay: null });
    renderRoute(ContactForm);
    await screen.findByRole('textbox', { name: /first name/i });
    await fillRequired(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /subject/i }), 'Course Content');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    expect(stub.calls).toEqual([
      {
        path: 'contact.send',
        input: {
          firstName: 'Mia',
          lastName: 'Okoro',
          email: 'mia@example.com',
          subject: 'course',
          message: 'Can we start before the wedding?',
        },
      },
    ]);

    answer.resolve(sent);
    expect(await screen.findByText('Message Sent!')).toBeInTheDocument();
    expect(screen.getByText("Thank you for your message. We'll get back to you within 24 hours.")).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /first name/i })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /message/i })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /subject/i })).toHaveValue('');
  });

  it("shows the server's message when sending fails, and keeps what was typed", async () => {
    stubTrpcFetch({
      'contact.send': () => ({
        error: {
          message: 'Too many attempts. Please try again in 42 seconds.',
          code: 'TOO_MANY_REQUESTS',
          httpStatus: 429,
        },
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderRoute(ContactForm);
    await screen.findByRole('textbox', { name: /first name/i });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Too many attempts. Please try again in 42 seconds.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /first name/i })).toHaveValue('Mia');
  });

  it('falls back to the fixed message when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup({ delay: null });
    renderRoute(ContactForm);
    await screen.findByRole('textbox', { name: /first name/i });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(screen.getByText('Failed to send message. Please try again.')).toBeInTheDocument());
  });
});

describe('ContactForm in Spanish', { timeout: 20_000 }, () => {
  it('labels, topics and the field errors are Spanish, with no English left', async () => {
    const stub = stubTrpcFetch({ 'contact.send': () => sent });
    const user = userEvent.setup({ delay: null });
    i18n.activate('es');
    const { container } = renderRoute(ContactForm);
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Mía');
    await user.type(screen.getByRole('textbox', { name: /^Apellido/ }), 'Torres');
    await user.type(screen.getByRole('textbox', { name: /^Correo electrónico/ }), 'mia-arroba-example');
    await user.type(screen.getByRole('textbox', { name: /^Mensaje/ }), 'Hola');
    expect(screen.getByRole('option', { name: 'Ayuda con el pago' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect(await screen.findByText('Escriban un correo electrónico válido')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Elijan un tema (opcional)' })).toBeInTheDocument();
    expect(stub.calls).toEqual([]);
    // The couple is ustedes, as in the landing page's "¿Tienen preguntas?… Escríbannos" (decision 0230).
    expect(container.textContent).not.toMatch(/\b(Elige|Escribe|Completa|Revisa|tu|te)\b/);
    expect(container.textContent).not.toMatch(
      /\b(Subject|Message|Send|First name|Email|Choose|Question|reply|valid)\b/,
    );
  });
});
