import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressRecordView } from '../../../shared/progress-schemas';
import { currentDraft, draftKey, forgetDrafts, writeDraft } from '../../lib/local-draft';
import { deviceDraftStore, restoreDraftStore } from '../../test/device-draft-store';
import { renderWithProviders } from '../../test/render';
import { queryClient, trpc } from '../../trpc';
import { readKeptNotes, readKeptRating } from './waiting-progress';
import { WeekDetailCard, type WeekDetailCardProps } from './week-detail-card';

const week = {
  weekNumber: 2,
  title: 'Speaking with Care',
  description: 'Share needs with I statements.',
  hasFramework: true,
  isUnlocked: true,
};

/** Week 2's record as the server answers it, with its notes' revision (decision 0280). */
function saved(fields: Partial<ProgressRecordView> = {}): ProgressRecordView {
  return { weekNumber: 2, notes: '', notesRevision: 0, rating: null, completedAt: null, ...fields };
}

/** A save the server accepts: the record with the notes one revision later. */
const accepted = vi.fn(async (notes: string, baseRevision: number) =>
  saved({ notes, notesRevision: baseRevision + 1 }),
);

function renderCard(overrides: Partial<WeekDetailCardProps> = {}, record?: ProgressRecordView) {
  const props: WeekDetailCardProps = {
    week,
    record,
    completed: false,
    downloading: false,
    completing: false,
    savingNotes: false,
    onDownload: vi.fn(),
    onComplete: vi.fn(),
    onOpenWorkbook: vi.fn(),
    onClose: vi.fn(),
    onSaveNotes: vi.fn(accepted),
    ...overrides,
  };
  renderWithProviders(<WeekDetailCard {...props} />);
  return { props, user: userEvent.setup() };
}

/** The couple signed in on this browser: drafts are kept under its id. */
function signedIn() {
  queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: 41 });
}
const notesDraft = () => currentDraft(draftKey('notes', 41, 2), readKeptNotes);
const ratingDraft = () => currentDraft(draftKey('rating', 41, 2), readKeptRating);

afterEach(async () => {
  forgetDrafts();
  queryClient.clear();
  vi.restoreAllMocks();
  await restoreDraftStore();
});

describe('WeekDetailCard', () => {
  it('shows the week, In Progress and Mark Complete while not completed', async () => {
    const { props, user } = renderCard();
    expect(screen.getByRole('heading', { name: 'Speaking with Care' })).toBeInTheDocument();
    expect(screen.getByText('Share needs with I statements.')).toBeInTheDocument();
    expect(screen.getByText('In Progress')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark Complete' }));
    expect(props.onComplete).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(props.onDownload).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Open Interactive Workbook' }));
    expect(props.onOpenWorkbook).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledOnce();
  });

  it('hides Mark Complete once completed and shows the completion date', () => {
    renderCard({ completed: true }, saved({ completedAt: '2027-03-04T12:00:00.000Z' }));
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(screen.queryByText('In Progress')).not.toBeInTheDocument();
    expect(screen.getByText(/Completed 4 March 2027/)).toBeInTheDocument();
  });

  it('keeps the rating chosen with the stars on the device, to send, over the one shown', async () => {
    signedIn();
    const { user } = renderCard({}, saved({ rating: 2 }));
    expect(screen.getByText('Rated 2 of 5.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    // A native radio group: Space on a star (or a click) chooses it.
    screen.getByRole('radio', { name: '4 stars' }).focus();
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(ratingDraft()).toEqual({ rating: 4, base: 2, queued: true });
    // Cleared before 4 was sent: still chosen over the 2 that was shown.
    await user.click(screen.getByRole('button', { name: 'Clear rating' }));
    expect(ratingDraft()).toEqual({ rating: null, base: 2, queued: true });
    expect(screen.getByRole('button', { name: 'Clear rating' })).toBeDisabled();
  });

  it('chooses over the rating saved just now, even before the card has drawn it', () => {
    signedIn();
    queryClient.setQueryData(trpc.progress.list.queryKey(), [saved({ rating: 4 })]);
    renderCard({}, saved({ rating: 4 }));
    // A quick run of choices with the keyboard: 3 is saved (the page's data now says 3), and 2 is
    // chosen before the card has drawn that answer. Chosen over 4, it would be refused with 409.
    act(() => {
      queryClient.setQueryData(trpc.progress.list.queryKey(), [saved({ rating: 3 })]);
      fireEvent.click(screen.getByRole('radio', { name: '2 stars' }));
    });
    expect(ratingDraft()).toEqual({ rating: 2, base: 3, queued: true });
  });

  it('disables Clear rating when there is no rating', () => {
    renderCard();
    expect(screen.getByText('Not rated yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear rating' })).toBeDisabled();
  });

  it('saves edited notes, starting from the saved ones', async () => {
    const { props, user } = renderCard({}, saved({ notes: 'Saved before', notesRevision: 3 }));
    const notes = screen.getByRole('textbox', { name: /Your notes for this week/ });
    expect(notes).toHaveValue('Saved before');
    expect(screen.getByRole('button', { name: 'Save Notes' })).toBeDisabled();
    await user.type(notes, ' and more');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    // Sent with the revision it was edited from.
    expect(props.onSaveNotes).toHaveBeenCalledWith('Saved before and more', 3);
  });

  it('follows the radio-group pattern: one tab stop, the arrow keys choose the next or previous star', async () => {
    signedIn();
    const { user } = renderCard({}, saved({ rating: 2 }));
    const group = screen.getByRole('radiogroup', { name: 'How was this week for you?' });
    expect(group).toBeInTheDocument();
    screen.getByRole('radio', { name: '2 stars' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(ratingDraft()).toMatchObject({ rating: 3, queued: true });
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    expect(ratingDraft()).toMatchObject({ rating: 1, base: 2, queued: true });
  });

  it('says the notes were saved and moves focus to that status line', async () => {
    const { user } = renderCard();
    await user.type(screen.getByRole('textbox', { name: /Your notes/ }), 'Plan a walk');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    const status = screen.getByTestId('notes-status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveTextContent('Notes saved.');
  });

  it('keeps the text and offers to try again when the save fails, and focus goes to the status', async () => {
    const onSaveNotes = vi.fn(accepted).mockRejectedValueOnce(new Error('no answer'));
    const { user } = renderCard({ onSaveNotes });
    const notes = screen.getByRole('textbox', { name: /Your notes/ });
    await user.type(notes, 'Plan a walk');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    const status = screen.getByTestId('notes-status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveTextContent('Your notes were not saved.');
    expect(notes).toHaveValue('Plan a walk');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onSaveNotes).toHaveBeenLastCalledWith('Plan a walk', 0);
  });

  it("keeps unsaved notes as this couple's local draft and restores them", async () => {
    signedIn();
    // As an earlier version kept it: the text alone. It is edited from the revision on screen.
    writeDraft(draftKey('notes', 41, 2), 'Typed before the reload');
    const { user } = renderCard({}, saved({ notes: 'Saved', notesRevision: 4 }));
    const notes = screen.getByRole('textbox', { name: /Your notes/ });
    expect(notes).toHaveValue('Typed before the reload');
    expect(screen.getByText(/Your unsaved notes from this device are back/)).toBeInTheDocument();
    await user.type(notes, '!');
    expect(notesDraft()).toEqual({ notes: 'Typed before the reload!', baseRevision: 4 });
  });

  it('removes the local draft once the server holds the same notes', async () => {
    signedIn();
    writeDraft(draftKey('notes', 41, 2), { notes: 'Same as saved', baseRevision: 1 });
    renderCard({}, saved({ notes: 'Same as saved', notesRevision: 2 }));
    await waitFor(() => expect(notesDraft()).toBeUndefined());
  });

  it('keeps notes saved offline on the device, to send with their base, and says so (decision 0280)', async () => {
    signedIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await deviceDraftStore('accept');
    const { props, user } = renderCard({}, saved({ notes: 'Before', notesRevision: 1 }));
    const notes = screen.getByRole('textbox', { name: /Your notes/ });
    await user.clear(notes);
    await user.type(notes, 'On the train');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(props.onSaveNotes).not.toHaveBeenCalled();
    expect(notesDraft()).toEqual({ notes: 'On the train', baseRevision: 1, queued: true });
    const status = screen.getByTestId('notes-status');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'Your notes are kept on this device and will be sent as soon as you are back online.',
      ),
    );
    await waitFor(() => expect(status).toHaveFocus());
    expect(await screen.findByText(/You are offline\. Your notes are kept on this device/)).toBeInTheDocument();
    // Typing on keeps them waiting, with the same base.
    await user.type(notes, '!');
    expect(notesDraft()).toEqual({ notes: 'On the train!', baseRevision: 1, queued: true });
  });

  it('says notes saved offline wait in this page only, where the browser keeps nothing on the device', async () => {
    signedIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { props, user } = renderCard({}, saved({ notes: 'Before', notesRevision: 1 }));
    await user.type(screen.getByRole('textbox', { name: /Your notes/ }), ' and after');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(props.onSaveNotes).not.toHaveBeenCalled();
    expect(screen.getByTestId('notes-status')).toHaveTextContent(
      'Your notes will be sent as soon as you are back online. This browser is not keeping them on the device, so keep this page open until then.',
    );
    expect(await screen.findByText('Waiting to be sent')).toBeInTheDocument();
    expect(screen.queryByText(/kept on this device/)).toBeNull();
  });

  it('says notes and a rating wait in this page only once the device refused to keep them', async () => {
    signedIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await deviceDraftStore('refuse');
    const { user } = renderCard({}, saved({ notes: 'Before', notesRevision: 1 }));
    await user.type(screen.getByRole('textbox', { name: /Your notes/ }), ' and after');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await waitFor(() =>
      expect(screen.getByTestId('notes-status')).toHaveTextContent(/^Your notes will be sent .* keep this page open/),
    );
    expect(screen.getByText(/^Your rating will be sent .* keep this page open until then\.$/)).toBeInTheDocument();
    // The toast says it too: it waits for the device's answer.
    expect(await screen.findByText('Waiting to be sent')).toBeInTheDocument();
    expect(screen.queryByText(/You are offline\. Your notes are kept on this device/)).toBeNull();
    expect(screen.getByTestId('notes-status')).not.toHaveTextContent('kept on this device');
    expect(screen.queryByText(/Your rating is kept on this device/)).toBeNull();
    // What was typed is still here to send.
    expect(notesDraft()).toEqual({ notes: 'Before and after', baseRevision: 1, queued: true });
  });

  it('says the notes waiting were saved once they are sent (the server holds them)', async () => {
    signedIn();
    writeDraft(draftKey('notes', 41, 2), { notes: 'On the train', baseRevision: 1, queued: true });
    const { rerender } = renderWithProviders(
      <WeekDetailCard {...cardProps()} record={saved({ notes: 'Before', notesRevision: 1 })} />,
    );
    expect(screen.getByTestId('notes-status')).toHaveTextContent('will be sent as soon as you are back online');
    rerender(<WeekDetailCard {...cardProps()} record={saved({ notes: 'On the train', notesRevision: 2 })} />);
    await waitFor(() => expect(screen.getByTestId('notes-status')).toHaveTextContent('Notes saved.'));
    expect(notesDraft()).toBeUndefined();
  });

  it('keeps a rating chosen offline on the device and says so', async () => {
    signedIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await deviceDraftStore('accept');
    const { user } = renderCard();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(ratingDraft()).toEqual({ rating: 4, base: null, queued: true, offline: true });
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(await screen.findByText(/Your rating is kept on this device/)).toBeInTheDocument();
  });

  it('says notes and a rating are kept on this device only once the device has them: a reload before would lose them', async () => {
    signedIn();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    // The device's store (IndexedDB on a phone) answers only when the test lets it.
    const device = await deviceDraftStore('hold');
    const { user } = renderCard({}, saved({ notes: 'Before', notesRevision: 1 }));
    await user.type(screen.getByRole('textbox', { name: /Your notes/ }), ' and after');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByTestId('notes-status')).toHaveTextContent(/^$/);
    expect(screen.queryByText(/Your rating is kept on this device/)).toBeNull();

    await act(async () => device.release());
    expect(screen.getByTestId('notes-status')).toHaveTextContent('Your notes are kept on this device');
    expect(screen.getByText(/Your rating is kept on this device/)).toBeInTheDocument();
  });

  it("shows both versions when the notes were saved elsewhere, and sends this device's only when asked", async () => {
    signedIn();
    // Edited from revision 1; the laptop has saved revision 2 since.
    writeDraft(draftKey('notes', 41, 2), { notes: 'Written on the phone', baseRevision: 1 });
    const { props, user } = renderCard({}, saved({ notes: 'Written on the laptop', notesRevision: 2 }));
    const conflict = screen.getByTestId('notes-conflict');
    expect(conflict).toHaveTextContent('Changed on another device');
    expect(conflict).toHaveTextContent('Written on the laptop');
    expect(screen.getByRole('textbox', { name: /Your notes/ })).toHaveValue('Written on the phone');
    expect(screen.getByRole('button', { name: 'Save Notes' })).toBeDisabled();
    // The workbook's words for the same choice (decision 0361).
    expect(conflict).toHaveTextContent('The saved version');
    await user.click(within(conflict).getByRole('button', { name: 'Keep my version' }));
    expect(props.onSaveNotes).toHaveBeenCalledWith('Written on the phone', 2);
  });

  it('takes the saved notes when asked, and sends nothing', async () => {
    signedIn();
    writeDraft(draftKey('notes', 41, 2), { notes: 'Written on the phone', baseRevision: 1 });
    const { props, user } = renderCard({}, saved({ notes: 'Written on the laptop', notesRevision: 2 }));
    await user.click(screen.getByRole('button', { name: 'Use the saved version' }));
    expect(screen.getByRole('textbox', { name: /Your notes/ })).toHaveValue('Written on the laptop');
    expect(screen.queryByTestId('notes-conflict')).not.toBeInTheDocument();
    expect(notesDraft()).toBeUndefined();
    expect(props.onSaveNotes).not.toHaveBeenCalled();
    // The keyboard goes on to the notes it kept.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Your notes/ })).toHaveFocus());
  });

  it('asks which rating to keep when the week was rated elsewhere after this device chose', async () => {
    signedIn();
    // 5 chosen over no rating; the server refused it: the week was rated 2 elsewhere meanwhile.
    writeDraft(draftKey('rating', 41, 2), { rating: 5, base: null, queued: false });
    const { user } = renderCard({}, saved({ rating: 2 }));
    const conflict = screen.getByTestId('rating-conflict');
    expect(conflict).toHaveTextContent('Changed on another device');
    expect(conflict).toHaveTextContent('The saved version');
    expect(conflict).toHaveTextContent('you chose your rating (5 stars)');
    expect(conflict).toHaveTextContent('Rated 2 of 5.');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.click(within(conflict).getByRole('button', { name: 'Keep my version' }));
    // Sent again, now over the rating saved elsewhere.
    expect(ratingDraft()).toEqual({ rating: 5, base: 2, queued: true });
    expect(screen.queryByTestId('rating-conflict')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: '5 stars' })).toHaveFocus());
  });

  it('takes the saved rating when asked', async () => {
    signedIn();
    writeDraft(draftKey('rating', 41, 2), { rating: 5, base: null, queued: false });
    const { user } = renderCard({}, saved({ rating: 2 }));
    await user.click(screen.getByRole('button', { name: 'Use the saved version' }));
    expect(ratingDraft()).toBeUndefined();
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
  });
});

function cardProps(): Omit<WeekDetailCardProps, 'record'> {
  return {
    week,
    completed: false,
    downloading: false,
    completing: false,
    savingNotes: false,
    onDownload: vi.fn(),
    onComplete: vi.fn(),
    onOpenWorkbook: vi.fn(),
    onClose: vi.fn(),
    onSaveNotes: vi.fn(accepted),
  };
}
