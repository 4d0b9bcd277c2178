import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { KeepsakeDownload } from './keepsake-download';
import { OurDataSection } from './our-data-section';
import { captureSavedFiles } from '../../test/saved-files';

const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));
const respond = (body: BodyInit | null, init: ResponseInit) =>
  vi.fn(async () => new Response(body, init)) as unknown as typeof fetch;

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  clicked = captureSavedFiles();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  i18n.activate('en');
});

describe('KeepsakeDownload', () => {
  it('saves the keepsake under the name the server gives', async () => {
    stubTrpcFetch({});
    const fetcher = respond('%PDF-1.7', {
      status: 200,
      headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="our-year.pdf"' },
    });
    const user = userEvent.setup();
    renderRoute(() => <KeepsakeDownload fetcher={fetcher} />);
    await user.click(await screen.findByRole('button', { name: 'Download our year (PDF)' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetcher).toHaveBeenCalledWith('/api/keepsake', { credentials: 'same-origin' });
    expect(clicked[0]!.download).toBe('our-year.pdf');
  });

  it("shows the server's message when it cannot", async () => {
    stubTrpcFetch({});
    const fetcher = respond(JSON.stringify({ message: 'Please sign in to continue.' }), { status: 401 });
    const user = userEvent.setup();
    renderRoute(() => <KeepsakeDownload fetcher={fetcher} />);
    await user.click(await screen.findByRole('button', { name: 'Download our year (PDF)' }));
    expect(await toasts().findByText('Please sign in to continue.')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
  });
});

describe('OurDataSection', () => {
  it('downloads the JSON export', async () => {
    stubTrpcFetch({});
    const fetcher = respond('{}', {
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="vows-and-weeks-our-data-2026-11-23.json"' },
    });
    const user = userEvent.setup();
    renderRoute(() => <OurDataSection onDeleted={() => {}} fetcher={fetcher} />);
    await user.click(await screen.findByRole('button', { name: 'Download our data' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetcher).toHaveBeenCalledWith('/api/our-data', { credentials: 'same-origin' });
    expect(clicked[0]!.download).toBe('vows-and-weeks-our-data-2026-11-23.json');
  });

  it('deletes only after the confirmation is typed, shows a refusal, then leaves', async () => {
    const server = stubTrpcFetch({
      'ourData.deleteAccount': (input) =>
        (input as { confirmation: string }).confirmation === 'DELETE'
          ? { data: { success: true, message: 'Deleted', removed: {} } }
          : {
              error: {
                message: 'confirmation does not match: type your email, your username or DELETE exactly.',
                httpStatus: 400,
              },
            },
    });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderRoute(() => <OurDataSection onDeleted={onDeleted} />);
    await user.click(await screen.findByRole('button', { name: 'Delete our account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const submit = within(dialog).getByRole('button', { name: 'Delete everything' });
    expect(submit).toBeDisabled();

    const field = within(dialog).getByLabelText(/Type your email, your username or DELETE to confirm/);
    await user.type(field, 'nope');
    await user.click(submit);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/confirmation does not match/);
    expect(onDeleted).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'DELETE');
    await user.click(submit);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(server.calls.filter((call) => call.path === 'ourData.deleteAccount').map((call) => call.input)).toEqual([
      { confirmation: 'nope' },
      { confirmation: 'DELETE' },
    ]);
  });
});

describe('in Spanish', () => {
  it('the keepsake and data sections have no English left', async () => {
    i18n.activate('es');
    const { container } = renderRoute(() => (
      <>
        <KeepsakeDownload fetcher={respond(null, { status: 204 })} />
        <OurDataSection onDeleted={() => {}} fetcher={respond(null, { status: 204 })} />
      </>
    ));
    expect(await screen.findByRole('button', { name: 'Descargar nuestro año (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar nuestra cuenta' })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/\b(Download|Delete|Your data|Our year|keepsake|account)\b/);
  });

  // QA walk: the Spanish dialog asked for the English word DELETE, its X had no name, and it did not
  // say that a partner's own sign-in goes too (decision 0340).
  it('asks for ELIMINAR, says a partner’s own sign-in goes too, and names its close button', async () => {
    i18n.activate('es');
    const server = stubTrpcFetch({
      'ourData.deleteAccount': (input) =>
        (input as { confirmation: string }).confirmation === 'ELIMINAR'
          ? { data: { success: true, message: 'Deleted', removed: {} } }
          : {
              error: {
                message: 'confirmation does not match: type your email, your username or DELETE exactly.',
                httpStatus: 400,
              },
            },
    });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderRoute(() => <OurDataSection onDeleted={onDeleted} />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar nuestra cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar su cuenta?' });
    expect(dialog).toHaveTextContent('también el acceso propio que tenga cada quien');
    expect(dialog.textContent).not.toContain('DELETE');
    expect(within(dialog).getByRole('button', { name: 'Cerrar sin eliminar' })).toBeInTheDocument();
    const field = within(dialog).getByLabelText(/escriban su correo, su nombre de usuario o ELIMINAR/);
    await user.type(field, 'nada');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar todo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Eso no coincide: escriban exactamente su correo, su nombre de usuario o ELIMINAR.',
    );
    await user.clear(field);
    await user.type(field, 'ELIMINAR');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar todo' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(server.calls.filter((call) => call.path === 'ourData.deleteAccount')).toHaveLength(2);
  });

  // A session's notes (issue 35): the demo account's refusal said "No se pudo eliminar su cuenta.
  // Inténtenlo de nuevo." on a Spanish page, which can never work.
  it('says the demo account cannot be deleted, in Spanish', async () => {
    i18n.activate('es');
    stubTrpcFetch({
      'ourData.deleteAccount': () => ({
        error: { message: 'The demo account is shared by every visitor and cannot be deleted.', httpStatus: 403 },
      }),
    });
    const user = userEvent.setup();
    renderRoute(() => <OurDataSection onDeleted={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar nuestra cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar su cuenta?' });
    await user.type(within(dialog).getByLabelText(/escriban su correo, su nombre de usuario o ELIMINAR/), 'ELIMINAR');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar todo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Todos los visitantes comparten la cuenta de demostración, así que no se puede eliminar.',
    );
  });

  // QA: a download the server refused showed its English sentence on a Spanish page.
  it('says why a download failed in Spanish, not the server’s English', async () => {
    i18n.activate('es');
    stubTrpcFetch({});
    const refused = () =>
      respond(JSON.stringify({ message: 'Something only the server knows about.' }), { status: 409 });
    const user = userEvent.setup();
    renderRoute(() => (
      <>
        <KeepsakeDownload fetcher={refused()} />
        <OurDataSection onDeleted={() => {}} fetcher={refused()} />
      </>
    ));
    await user.click(await screen.findByRole('button', { name: 'Descargar nuestro año (PDF)' }));
    expect(await screen.findByText('No pudimos preparar su recuerdo. Inténtenlo de nuevo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Descargar nuestros datos' }));
    expect(await screen.findByText('No se pudieron descargar sus datos. Inténtenlo de nuevo.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Something only the server knows');
    i18n.activate('en');
  });
});
