import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_REFUNDED_REASON, type ProviderSettingsView } from '../../../shared/certificate-schemas';
import { CERTIFICATE_STATES } from '../../../shared/certificate-states';
import { i18n } from '../../i18n/i18n';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { AdminCertificatesPage } from './admin-certificates-page';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const SAVED: ProviderSettingsView = {
  providerName: 'Grace Counseling LLC',
  credentials: '',
  contact: 'grace@example.com',
  courseName: 'Vows & Weeks',
  deliveryMethod: 'online',
  offeredStates: [],
  registrations: {},
  signature: null,
  updatedAt: '2026-11-20T09:30:00.000Z',
};

function serveProvider(saveProvider?: () => { error: { message: string; httpStatus: number } }) {
  return stubTrpcFetch({
    'adminCertificates.provider': () => ({ data: SAVED }),
    'adminCertificates.list': () => ({ data: { rows: [], total: 0, page: 1, pageSize: 50 } }),
    'adminCertificates.saveProvider': saveProvider ?? ((input) => ({ data: { ...SAVED, ...(input as object) } })),
  });
}

const saves = (stub: ReturnType<typeof serveProvider>) =>
  stub.calls.filter((call) => call.path === 'adminCertificates.saveProvider');

/** Issue 35: the settings showed the server's "registrations.FL: …", in English on a Spanish page. */
describe('AdminCertificatesPage provider settings', { timeout: 20_000 }, () => {
  it('checks the settings before sending them, each message under its field, in Spanish', async () => {
    i18n.activate('es');
    const stub = serveProvider();
    renderRoute(AdminCertificatesPage);
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByRole('textbox', { name: 'Nombre del proveedor' });
    // QA walk: the browser's own bubble ("Please fill out this field.") came first, in its language.
    expect(name.closest('form')).toHaveAttribute('novalidate');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(screen.getByRole('checkbox', { name: /^Florida/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Texas/ }));
    await user.click(screen.getByRole('button', { name: 'Guardar datos del proveedor' }));

    expect(await screen.findByText('Completa este campo: los certificados lo necesitan.')).toBeInTheDocument();
    expect(name).toHaveAccessibleDescription('Completa este campo: los certificados lo necesitan.');
    expect(screen.getByRole('textbox', { name: 'Número de registro en Florida' })).toHaveAccessibleDescription(
      /^Florida exige tu número de registro como proveedor: escríbelo o deja de ofrecer Florida\./,
    );
    expect(
      screen.getByText(
        'Texas no acepta cursos con esta modalidad (En línea): deja de ofrecer Texas o cambia la modalidad si así enseñas el curso.',
      ),
    ).toBeInTheDocument();
    expect(saves(stub)).toEqual([]);

    // Corrected, the settings go: in person, with both numbers.
    await user.type(name, 'Grace Counseling LLC');
    await user.type(screen.getByRole('textbox', { name: 'Número de registro en Florida' }), 'FL-1');
    await user.type(screen.getByRole('textbox', { name: 'Número de registro en Texas' }), 'TX-9');
    await user.click(screen.getAllByLabelText('Modalidad')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Presencial' }));
    expect(screen.queryByText(/Texas no acepta/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar datos del proveedor' }));
    await waitFor(() => expect(saves(stub)).toHaveLength(1));
    expect(saves(stub)[0]!.input).toMatchObject({
      deliveryMethod: 'in-person',
      offeredStates: ['FL', 'TX'],
      registrations: { FL: 'FL-1', TX: 'TX-9' },
    });
  });

  // QA walk: Georgia's field read "unknown: none named in 19-3-30.1(a)-(b); ask the probate court".
  it('says under each registration field where to register, in the page’s language, never the rule’s research note', async () => {
    serveProvider();
    renderRoute(AdminCertificatesPage);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: /^Georgia/ }));
    expect(screen.getByRole('textbox', { name: 'Registration number for Georgia' })).toHaveAccessibleDescription(
      'Georgia: the law (O.C.G.A. 19-3-30.1) names no registry. Ask the probate court whether and where to register.',
    );
    await user.click(screen.getByRole('checkbox', { name: /^South Carolina/ }));
    expect(screen.getByRole('textbox', { name: 'Registration number for South Carolina' })).not.toHaveAttribute(
      'aria-describedby',
    );
    expect(document.body.textContent).not.toMatch(/unknown:/);
  });

  it('has that text in both languages for every state that requires a registration', () => {
    const required = CERTIFICATE_STATES.filter((rule) => rule.providerRegistration.required);
    expect(required.length).toBeGreaterThan(0);
    for (const locale of ['en', 'es'] as const) {
      i18n.activate(locale);
      for (const rule of required) {
        const id = `certificates.admin.registrationWhere.${rule.code}`;
        const text = i18n._(id);
        expect(text, `${locale} ${id}`).not.toBe(id);
        expect(text, `${locale} ${id}`).not.toMatch(/unknown/i);
      }
    }
  });

  it('names a field the server refuses all the same by its label, not its path', async () => {
    serveProvider(() => ({
      error: { message: 'registrations.FL: registration must not contain control characters', httpStatus: 400 },
    }));
    renderRoute(AdminCertificatesPage);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: /^Florida/ }));
    await user.type(screen.getByRole('textbox', { name: 'Registration number for Florida' }), 'FL-1');
    await user.click(screen.getByRole('button', { name: 'Save provider settings' }));
    expect(
      await screen.findByText('Registration number for Florida: must not contain control characters'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/registrations\.FL/)).not.toBeInTheDocument();
  });
});

/** QA walk: "Please fill out this field." in the browser's language on a Spanish page. */
describe('AdminCertificatesPage revoking a certificate', { timeout: 20_000 }, () => {
  it('asks for the reason under the field, in the page’s language, and revokes nothing without one', async () => {
    i18n.activate('es');
    const stub = stubTrpcFetch({
      'adminCertificates.provider': () => ({ data: SAVED }),
      'adminCertificates.list': () => ({
        data: {
          rows: [
            {
              id: 5,
              code: 'VW-ABCD-EFGH',
              state: 'FL',
              firstLegalName: 'Robin Lee',
              secondLegalName: 'Casey Lee',
              completionDate: '2026-11-01',
              intendedMarriageDate: '2027-05-15',
              issuedAt: '2026-11-02T10:00:00.000Z',
              revokedAt: null,
              revokedReason: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 50,
        },
      }),
      'adminCertificates.revoke': (input) => ({ data: input }),
    });
    renderRoute(AdminCertificatesPage);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Revocar el certificado VW-ABCD-EFGH' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revocar el certificado VW-ABCD-EFGH' });
    await user.click(within(dialog).getByRole('button', { name: 'Revocarlo' }));
    expect(
      await within(dialog).findByText('Indica por qué se revoca, en 300 caracteres como máximo y en una sola línea.'),
    ).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /Motivo/ });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    const revokes = () => stub.calls.filter((call) => call.path === 'adminCertificates.revoke');
    expect(revokes()).toHaveLength(0);
    await user.type(reason, 'Issued in error');
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Revocarlo' }));
    await waitFor(() => expect(revokes().map((call) => call.input)).toEqual([{ id: 5, reason: 'Issued in error' }]));
  });

  // A refund revokes a certificate with a reason the app records in English (decision 0332): the
  // page says it in its own language; a reason the seller typed shows as they typed it.
  it('says a revocation’s reason in the page’s language when the app recorded it', async () => {
    i18n.activate('es');
    const revoked = (id: number, revokedReason: string) => ({
      id,
      code: `VW-ABCD-000${id}`,
      state: 'FL',
      firstLegalName: 'Robin Lee',
      secondLegalName: 'Casey Lee',
      completionDate: '2026-11-01',
      intendedMarriageDate: '2027-05-15',
      issuedAt: '2026-11-02T10:00:00.000Z',
      revokedAt: '2026-11-20T10:00:00.000Z',
      revokedReason,
    });
    stubTrpcFetch({
      'adminCertificates.provider': () => ({ data: SAVED }),
      'adminCertificates.list': () => ({
        data: {
          rows: [revoked(1, CERTIFICATE_REFUNDED_REASON), revoked(2, 'Issued in error')],
          total: 2,
          page: 1,
          pageSize: 50,
        },
      }),
    });
    renderRoute(AdminCertificatesPage);
    const badges = await screen.findAllByText('Revocado');
    expect(badges.map((badge) => badge.closest('[title]')?.getAttribute('title'))).toEqual([
      'Reembolsado: la pareja ya no tiene el curso completo.',
      'Issued in error',
    ]);
  });
});

describe('AdminCertificatesPage notice', { timeout: 20_000 }, () => {
  // QA walk: Mantine's Alert is role=alert unless told, so a screen reader read this box out as the
  // page opened, as if something had just gone wrong.
  it('says who must be the registered provider in a note, not an alert', async () => {
    serveProvider();
    renderRoute(AdminCertificatesPage);
    expect(await screen.findByRole('textbox', { name: 'Provider name' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/^You, the seller, must be the/);
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
