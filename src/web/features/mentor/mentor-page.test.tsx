import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { dropFocusFromDisabledControls } from '../../test/focus-fixup';
import { renderRoute } from '../../test/render';
import { stubTrpcFetch } from '../../test/trpc-fetch-stub';
import { MentorPage } from './mentor-page';

afterEach(() => {
  vi.unstubAllGlobals();
  i18n.activate('en');
});

const NOT_LINKED = { link: null, sharedWeeks: [], seats: [] };
const LINKED = {
  link: {
    facilitatorName: 'Pastor Ana',
    facilitatorKind: 'pastor',
    organisation: 'St. Mary Parish',
    cohortName: 'Spring 2027',
    linkedAt: '2026-11-20T10:00:00.000Z',
    active: true,
  },
  sharedWeeks: [{ weekNumber: 1, sharedAt: '2026-11-22T10:00:00.000Z' }],
  seats: [],
};

/** The server's sentence for a code no cohort or seat pack has (facilitators/service.ts). */
const CODE_UNKNOWN = 'No cohort or seat pack has this code. Check the code your facilitator gave you.';

/** Pastor Ana's seat code, as the preview answers it. */
function seatPreview(seat: string, seatsLeft: number, privateAnswers = true) {
  return {
    kind: 'seat',
    facilitatorName: 'Pastor Ana',
    facilitatorKind: 'pastor',
    organisation: 'St. Mary Parish',
    cohortName: 'Spring 2027',
    seat,
    seatsLeft,
    privateAnswers,
  };
}

describe('MentorPage', { timeout: 20_000 }, () => {
  it('shows who the facilitator is and exactly what they will see before linking, and links on consent', async () => {
    const onCode = vi.fn();
    const stub = stubTrpcFetch({
      'mentor.get': () => ({ data: NOT_LINKED }),
      'mentor.preview': () => ({ data: seatPreview('available', 3) }),
      'mentor.link': () => ({ data: LINKED }),
    });
    renderRoute(() => <MentorPage code="SEAT-AAAAA-BBBBB-CCCCC-DDDDD" onCode={onCode} />);
    expect(await screen.findByRole('heading', { name: 'Link with Pastor Ana?' })).toBeInTheDocument();
    expect(screen.getByText(/This code includes a seat/)).toHaveTextContent('3 seats left.');
    // A note, not an alert: it is there as the step opens (Mantine's Alert is role=alert unless told).
    expect(screen.getByRole('note')).toHaveTextContent(/This code includes a seat/);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    for (const item of ['Your names', 'Your wedding date', 'Your weekly streak', 'When you were last active']) {
      expect(screen.getByText(item)).toBeInTheDocument();
    }
    expect(screen.getByText(/Never your private answers, your notes/)).toBeInTheDocument();
    expect(stub.calls.some((call) => call.path === 'mentor.link')).toBe(false);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Link us' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'mentor.link')?.input).toEqual({
        code: 'SEAT-AAAAA-BBBBB-CCCCC-DDDDD',
      }),
    );
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(undefined));
  });

  // QA: an expired pack's code said "This code includes a seat… 2 seats left", then "Link us" failed.
  it.each([
    [
      'expired',
      'This seat code has expired, so it gives no seat and links no one. Ask your facilitator for a new code.',
    ],
    ['unavailable', 'This seat code has no seats left, so it links no one. Ask your facilitator for a new code.'],
  ])('says a seat code that is %s gives no seat, and offers no link', async (seat, text) => {
    const stub = stubTrpcFetch({
      'mentor.get': () => ({ data: NOT_LINKED }),
      'mentor.preview': () => ({ data: seatPreview(seat, 0) }),
    });
    renderRoute(() => <MentorPage code="SEAT-AAAAA-BBBBB-CCCCC-DDDDD" onCode={() => {}} />);
    const field = await screen.findByRole('textbox', { name: 'Code' });
    expect(field).toHaveAccessibleDescription(`This code did not work. ${text}`);
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByText(/This code includes a seat/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link us' })).not.toBeInTheDocument();
    expect(stub.calls.some((call) => call.path === 'mentor.link')).toBe(false);
  });

  // With private answers off, one partner alone links the couple and shares both partners' answers
  // of a week; the consent step did not say so.
  it.each([
    [
      'en',
      'Private answers are off, so either of you can say yes alone, for both of you. Once you are linked, either of you can share a week on your own, and your mentor then reads both partners’ answers for it.',
      'Never your notes, or any week you did not share.',
    ],
    [
      'es',
      'Las respuestas privadas están desactivadas, así que cualquiera de ustedes puede decir que sí por su cuenta, en nombre de ambos.',
      'Nunca sus notas ni ninguna semana que no hayan compartido.',
    ],
  ])(
    'says before consent, in %s, that with private answers off one partner alone decides',
    async (locale, says, never) => {
      stubTrpcFetch({
        'mentor.get': () => ({ data: NOT_LINKED }),
        'mentor.preview': () => ({ data: seatPreview('available', 3, false) }),
      });
      i18n.activate(locale);
      renderRoute(() => <MentorPage code="SEAT-AAAAA-BBBBB-CCCCC-DDDDD" onCode={() => {}} />);
      expect(await screen.findByText((text) => text.startsWith(says))).toBeInTheDocument();
      expect(screen.getByText(never)).toBeInTheDocument();
    },
  );

  it('says before consent that with private answers on a week is shared only once both shared it', async () => {
    stubTrpcFetch({
      'mentor.get': () => ({ data: NOT_LINKED }),
      'mentor.preview': () => ({ data: seatPreview('available', 3, true) }),
    });
    renderRoute(() => <MentorPage code="SEAT-AAAAA-BBBBB-CCCCC-DDDDD" onCode={() => {}} />);
    expect(
      await screen.findByText(
        /^Either of you can link you\. A week is shared with your mentor only once the two of you/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Private answers are off/)).not.toBeInTheDocument();
  });

  // Screen-reader pass: a code that matched nothing replaced the form by its alert, with no field
  // to type another code, and the focus dropped to the page's body.
  it.each([
    ['en', 'Your facilitator’s code', 'Code', 'Continue', /^This code did not work\. /],
    [
      'es',
      'El código de quien los acompaña',
      'Código',
      'Continuar',
      /^Este código no funcionó\. Ningún grupo ni paquete de plazas tiene este código\. Revisen el código/,
    ],
  ])(
    'refuses a code that matches nothing in the code form, the focus in its field (%s), and links nothing',
    async (locale, formName, fieldName, continueName, says) => {
      i18n.activate(locale);
      const onCode = vi.fn();
      const stub = stubTrpcFetch({
        'mentor.get': () => ({ data: NOT_LINKED }),
        'mentor.preview': () => ({ error: { message: CODE_UNKNOWN, httpStatus: 404 } }),
      });
      renderRoute(() => <MentorPage code="JOIN-AAAAA-BBBBB-CCCCC-DDDDD" onCode={onCode} />);
      const form = await screen.findByRole('form', { name: formName });
      const field = within(form).getByRole('textbox', { name: fieldName });
      await waitFor(() => expect(field).toHaveFocus());
      expect(field).toHaveValue('JOIN-AAAAA-BBBBB-CCCCC-DDDDD');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(says);
      expect(screen.queryByRole('button', { name: /Link us|Vincularnos/ })).not.toBeInTheDocument();
      expect(stub.calls.some((call) => call.path === 'mentor.link')).toBe(false);
      // The couple corrects the code and tries again.
      const user = userEvent.setup({ delay: null });
      await user.clear(field);
      expect(field).not.toHaveAttribute('aria-invalid', 'true');
      await user.type(field, 'join-zzzzz-bbbbb-ccccc-ddddd');
      await user.click(within(form).getByRole('button', { name: continueName }));
      expect(onCode).toHaveBeenCalledWith('JOIN-ZZZZZ-BBBBB-CCCCC-DDDDD');
    },
  );

  it('refuses a code for a linked couple in the code form too, without saying they are not linked', async () => {
    stubTrpcFetch({
      'mentor.get': () => ({ data: LINKED }),
      'mentor.preview': () => ({ error: { message: CODE_UNKNOWN, httpStatus: 404 } }),
    });
    renderRoute(() => <MentorPage code="JOIN-AAAAA-BBBBB-CCCCC-DDDDD" onCode={() => {}} />);
    const field = await screen.findByRole('textbox', { name: 'Code' });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('heading', { name: 'Pastor Ana' })).toBeInTheDocument();
    expect(screen.queryByText(/You are not linked to a facilitator/)).not.toBeInTheDocument();
  });

  it('asks for a code when not linked, refusing a malformed one on the page', async () => {
    const onCode = vi.fn();
    stubTrpcFetch({ 'mentor.get': () => ({ data: NOT_LINKED }) });
    renderRoute(() => <MentorPage code={undefined} onCode={onCode} />);
    const form = await screen.findByRole('form', { name: 'Your facilitator’s code' });
    const user = userEvent.setup({ delay: null });
    await user.type(within(form).getByRole('textbox', { name: 'Code' }), 'hello');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await within(form).findByText(/starting with JOIN- or SEAT-/)).toBeInTheDocument();
    // The field has the focus, where its message is read out (screen-reader pass).
    expect(within(form).getByRole('textbox', { name: 'Code' })).toHaveFocus();
    expect(within(form).getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(/starting with JOIN-/);
    expect(onCode).not.toHaveBeenCalled();
    await user.clear(within(form).getByRole('textbox', { name: 'Code' }));
    await user.type(within(form).getByRole('textbox', { name: 'Code' }), 'join-aaaaa-bbbbb-ccccc-ddddd');
    await user.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(onCode).toHaveBeenCalledWith('JOIN-AAAAA-BBBBB-CCCCC-DDDDD');
  });

  // Continue put a skeleton in the form's place and the focus dropped to the page's body: the
  // consent question that follows takes it, in English and Spanish.
  it.each([
    ['en', 'Continue', 'Link with Pastor Ana?'],
    ['es', 'Continuar', '¿Vincularse con Pastor Ana?'],
  ])(
    'takes the focus to the consent question once a typed code is found (%s)',
    async (locale, continueName, question) => {
      i18n.activate(locale);
      stubTrpcFetch({
        'mentor.get': () => ({ data: NOT_LINKED }),
        'mentor.preview': () => ({ data: seatPreview('available', 3) }),
      });
      function Page() {
        const [code, setCode] = useState<string | undefined>(undefined);
        return <MentorPage code={code} onCode={setCode} />;
      }
      renderRoute(() => <Page />);
      const user = userEvent.setup({ delay: null });
      await user.type(await screen.findByRole('textbox', { name: /^(Code|Código)$/ }), 'seat-aaaaa-bbbbb-ccccc-ddddd');
      await user.click(screen.getByRole('button', { name: continueName }));
      const heading = await screen.findByRole('heading', { level: 2, name: question });
      await waitFor(() => expect(heading).toHaveFocus());
    },
  );

  it('while linked: shares a week, stops sharing one, and unlinks', async () => {
    const stub = stubTrpcFetch({
      'mentor.get': () => ({ data: LINKED }),
      'mentor.shareWeek': () => ({
        data: {
          ...LINKED,
          sharedWeeks: [...LINKED.sharedWeeks, { weekNumber: 2, sharedAt: '2026-11-23T10:00:00.000Z' }],
        },
      }),
      'mentor.unshareWeek': () => ({ data: { ...LINKED, sharedWeeks: [] } }),
      'mentor.unlink': () => ({ data: NOT_LINKED }),
    });
    renderRoute(() => <MentorPage code={undefined} onCode={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Pastor Ana' })).toBeInTheDocument();
    expect(screen.getByText('Week 1, shared on 22 November 2026')).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    const form = screen.getByRole('form', { name: 'Share a week with your mentor' });
    const week = within(form).getByRole('textbox', { name: 'Week' });
    await user.clear(week);
    await user.type(week, '2');
    await user.click(within(form).getByRole('button', { name: 'Share with our mentor' }));
    expect(await screen.findByText('Week 2, shared on 23 November 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop sharing week 1' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.path === 'mentor.unshareWeek')?.input).toEqual({ weekNumber: 1 }),
    );
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByRole('form', { name: 'Your facilitator’s code' })).toBeInTheDocument();
  });

  // QA walk (issue 35): Link us and Share are disabled while their request runs, and the browser
  // dropped the keyboard focus to the top of the page; Link us's step goes once linked.
  it('moves the focus to the facilitator’s card once linked, and keeps it on Share after sharing', async () => {
    stubTrpcFetch({
      'mentor.get': () => ({ data: NOT_LINKED }),
      'mentor.preview': () => ({ data: seatPreview('available', 3) }),
      'mentor.link': () => ({ data: LINKED }),
      'mentor.shareWeek': () => ({ data: LINKED }),
    });
    dropFocusFromDisabledControls();
    function Page() {
      const [code, setCode] = useState<string | undefined>('SEAT-AAAAA-BBBBB-CCCCC-DDDDD');
      return <MentorPage code={code} onCode={setCode} />;
    }
    renderRoute(Page);
    const user = userEvent.setup({ delay: null });
    const link = await screen.findByRole('button', { name: 'Link us' });
    link.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Pastor Ana' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const share = screen.getByRole('button', { name: 'Share with our mentor' });
    share.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Week 1 is shared with your mentor')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(share));
  });

  // QA walk (issue 35): Stop sharing and Unlink are disabled while their request runs, and the
  // browser dropped the keyboard focus to the top of the page; each goes once it has worked.
  it('moves the focus to the weeks still shared after Stop sharing, and to the code form after Unlink', async () => {
    const twoWeeks = {
      ...LINKED,
      sharedWeeks: [...LINKED.sharedWeeks, { weekNumber: 2, sharedAt: '2026-11-23T10:00:00.000Z' }],
    };
    const refused = { error: { message: 'Internal error', httpStatus: 500 } } as const;
    const stub = stubTrpcFetch({
      'mentor.get': () => ({ data: twoWeeks }),
      'mentor.unshareWeek': () => refused,
      'mentor.unlink': () => refused,
    });
    dropFocusFromDisabledControls();
    renderRoute(() => <MentorPage code={undefined} onCode={() => {}} />);
    const user = userEvent.setup({ delay: null });
    const stop = await screen.findByRole('button', { name: 'Stop sharing week 1' });
    stop.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal error');
    await waitFor(() => expect(document.activeElement).toBe(stop));

    stub.on('mentor.unshareWeek', () => ({ data: { ...LINKED, sharedWeeks: twoWeeks.sharedWeeks.slice(1) } }));
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('list', { name: 'Weeks shared with your mentor' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop sharing week 1' })).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(list));

    const unlink = screen.getByRole('button', { name: 'Unlink' });
    unlink.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal error');
    await waitFor(() => expect(document.activeElement).toBe(unlink));

    stub.on('mentor.unlink', () => ({ data: NOT_LINKED }));
    await user.keyboard('{Enter}');
    const notLinked = await screen.findByText(/You are not linked to a facilitator/);
    await waitFor(() => expect(document.activeElement).toBe(notLinked));
  });

  // Mantine's NumberInput used to move the week into range on blur (0 shared week 1).
  it.each(['0', '-3', '53', '2.5'])('keeps week %s as typed, says why and shares nothing', async (typed) => {
    const stub = stubTrpcFetch({ 'mentor.get': () => ({ data: LINKED }) });
    renderRoute(() => <MentorPage code={undefined} onCode={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Share a week with your mentor' });
    const user = userEvent.setup({ delay: null });
    const week = within(form).getByRole('textbox', { name: 'Week' });
    await user.clear(week);
    await user.type(week, typed);
    await user.tab();
    await user.click(within(form).getByRole('button', { name: 'Share with our mentor' }));
    expect(await within(form).findByText('Enter a week number from 1 to 52.')).toBeInTheDocument();
    expect(week).toHaveValue(typed);
    expect(week).toHaveAttribute('aria-invalid', 'true');
    expect(stub.calls.some((call) => call.path === 'mentor.shareWeek')).toBe(false);
  });

  // A session's notes: a couple their facilitator removed could join again with the same code; the
  // server refuses it now (decision 0360), and the page says why, kindly, in the page's language.
  it.each([
    ['en', 'Your facilitator removed you from this cohort, so its codes no longer link you to it.'],
    ['es', 'Quien los acompaña los quitó de este grupo, así que los códigos de este grupo ya no los vinculan a él.'],
  ])(
    'tells a couple their facilitator removed that the cohort’s code no longer links them (%s)',
    async (locale, text) => {
      i18n.activate(locale);
      const stub = stubTrpcFetch({
        'mentor.get': () => ({ data: NOT_LINKED }),
        'mentor.preview': () => ({
          error: {
            message:
              'Your facilitator removed you from this cohort, so its codes no longer link you to it. Your course and your answers stay yours. If you think this is a mistake, please talk to your facilitator.',
            httpStatus: 403,
          },
        }),
      });
      renderRoute(() => <MentorPage code="JOIN-AAAAA-BBBBB-CCCCC-DDDDD" onCode={() => {}} />);
      expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Link us|Vincularnos/ })).not.toBeInTheDocument();
      expect(stub.calls.some((call) => call.path === 'mentor.link')).toBe(false);
    },
  );

  // A session's notes: the server's refusals of Link us and Share fell back to a general sentence
  // on a Spanish page ("try again, or ask for a new code" for a couple linked already).
  it.each([
    ['en', 'You are linked to this cohort already.', 'Link us', 'You are linked to this cohort already.'],
    ['es', 'You are linked to this cohort already.', 'Vincularnos', 'Ya están vinculados a este grupo.'],
    ['es', 'You have redeemed a seat of this pack already.', 'Vincularnos', 'Ya usaron una plaza de este paquete.'],
  ])('says why Link us was refused in the page’s language (%s: %s)', async (locale, message, linkUs, says) => {
    i18n.activate(locale);
    stubTrpcFetch({
      'mentor.get': () => ({ data: NOT_LINKED }),
      'mentor.preview': () => ({ data: seatPreview('available', 3) }),
      'mentor.link': () => ({ error: { message, httpStatus: 409 } }),
    });
    renderRoute(() => <MentorPage code="SEAT-AAAAA-BBBBB-CCCCC-DDDDD" onCode={() => {}} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: linkUs }));
    expect(await screen.findByText(says)).toBeInTheDocument();
  });

  it('says it to the couple in Spanish on a Spanish page', async () => {
    i18n.activate('es');
    stubTrpcFetch({ 'mentor.get': () => ({ data: LINKED }) });
    renderRoute(() => <MentorPage code={undefined} onCode={() => {}} />);
    const form = await screen.findByRole('form', { name: 'Compartir una semana con quien los acompaña' });
    const user = userEvent.setup({ delay: null });
    const week = within(form).getByRole('textbox', { name: 'Semana' });
    await user.clear(week);
    await user.type(week, '60');
    await user.click(within(form).getByRole('button', { name: 'Compartir con quien nos acompaña' }));
    expect(await within(form).findByText('Escriban un número de semana del 1 al 52.')).toBeInTheDocument();
  });
});
