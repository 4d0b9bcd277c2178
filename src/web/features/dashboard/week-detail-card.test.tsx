import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import { draftKey, forgetDrafts, isString, readDraft, writeDraft } from '../../lib/local-draft';
import { renderWithProviders } from '../../test/render';
import { queryClient, trpc } from '../../trpc';
import { WeekDetailCard, type WeekDetailCardProps } from './week-detail-card';

const week = {
  weekNumber: 2,
  title: 'Speaking with Care',
  description: 'Share needs with I statements.',
  hasFramework: true,
  isUnlocked: true,
};

function renderCard(overrides: Partial<WeekDetailCardProps> = {}, record?: ProgressRecord) {
  const props: WeekDetailCardProps = {
    week,
    record,
    completed: false,
    downloading: false,
    completing: false,
    savingRating: false,
    savingNotes: false,
    onDownload: vi.fn(),
    onComplete: vi.fn(),
    onOpenWorkbook: vi.fn(),
    onClose: vi.fn(),
    onRate: vi.fn(),
    onSaveNotes: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<WeekDetailCard {...props} />);
  return { props, user: userEvent.setup() };
}

afterEach(() => {
  forgetDrafts();
  queryClient.clear();
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
    renderCard(
      { completed: true },
      { weekNumber: 2, notes: '', rating: null, completedAt: '2027-03-04T12:00:00.000Z' },
    );
    expect(screen.queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(screen.queryByText('In Progress')).not.toBeInTheDocument();
    expect(screen.getByText(/Completed 4 March 2027/)).toBeInTheDocument();
  });

  it('rates with the stars and clears the rating', async () => {
    const { props, user } = renderCard({}, { weekNumber: 2, notes: '', rating: 2, completedAt: null });
    expect(screen.getByText('Rated 2 of 5.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    // A native radio group: Space on a star (or a click) chooses it.
    screen.getByRole('radio', { name: '4 stars' }).focus();
    await user.keyboard(' ');
    expect(props.onRate).toHaveBeenLastCalledWith(4);
    await user.click(screen.getByRole('button', { name: 'Clear rating' }));
    expect(props.onRate).toHaveBeenLastCalledWith(null);
  });

  it('disables Clear rating when there is no rating', () => {
    renderCard();
    expect(screen.getByText('Not rated yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear rating' })).toBeDisabled();
  });

  it('saves edited notes, starting from the saved ones', async () => {
    const { props, user } = renderCard({}, { weekNumber: 2, notes: 'Saved before', rating: null, completedAt: null });
    const notes = screen.getByRole('textbox', { name: /Your notes for this week/ });
    expect(notes).toHaveValue('Saved before');
    expect(screen.getByRole('button', { name: 'Save Notes' })).toBeDisabled();
    await user.type(notes, ' and more');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(props.onSaveNotes).toHaveBeenCalledWith('Saved before and more');
  });

  it('follows the radio-group pattern: one tab stop, the arrow keys choose the next or previous star', async () => {
    const { props, user } = renderCard({}, { weekNumber: 2, notes: '', rating: 2, completedAt: null });
    const group = screen.getByRole('radiogroup', { name: 'How was this week for you?' });
    expect(group).toBeInTheDocument();
    screen.getByRole('radio', { name: '2 stars' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(props.onRate).toHaveBeenLastCalledWith(3);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '1 star' })).toBeChecked();
    expect(props.onRate).toHaveBeenLastCalledWith(1);
  });

  it('says the notes were saved and moves focus to that status line', async () => {
    const { user } = renderCard({ onSaveNotes: vi.fn(async () => undefined) });
    await user.type(screen.getByRole('textbox', { name: /Your notes/ }), 'Plan a walk');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    const status = screen.getByTestId('notes-status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveTextContent('Notes saved.');
  });

  it('keeps the text and offers to try again when the save fails, and focus goes to the status', async () => {
    const onSaveNotes = vi.fn().mockRejectedValueOnce(new Error('no answer')).mockResolvedValueOnce(undefined);
    const { user } = renderCard({ onSaveNotes });
    const notes = screen.getByRole('textbox', { name: /Your notes/ });
    await user.type(notes, 'Plan a walk');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    const status = screen.getByTestId('notes-status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveTextContent('Your notes were not saved.');
    expect(notes).toHaveValue('Plan a walk');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onSaveNotes).toHaveBeenLastCalledWith('Plan a walk');
  });

  it("keeps unsaved notes as this couple's local draft and restores them", async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: 41 });
    writeDraft(draftKey('notes', 41, 2), 'Typed before the reload');
    const { user } = renderCard({}, { weekNumber: 2, notes: 'Saved', rating: null, completedAt: null });
    const notes = screen.getByRole('textbox', { name: /Your notes/ });
    expect(notes).toHaveValue('Typed before the reload');
    expect(screen.getByText(/Your unsaved notes from this device are back/)).toBeInTheDocument();
    await user.type(notes, '!');
    await waitFor(() => expect(readDraft(draftKey('notes', 41, 2), isString)).toBe('Typed before the reload!'));
  });

  it('removes the local draft once the server holds the same notes', async () => {
    queryClient.setQueryData(trpc.auth.session.queryKey(), { customerId: 41 });
    writeDraft(draftKey('notes', 41, 2), 'Same as saved');
    renderCard({}, { weekNumber: 2, notes: 'Same as saved', rating: null, completedAt: null });
    await waitFor(() => expect(readDraft(draftKey('notes', 41, 2), isString)).toBeUndefined());
  });

  it('sends notes saved offline once the browser is back online, and says so meanwhile (decision 0268)', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const onSaveNotes = vi.fn(async () => {
      if (!navigator.onLine) throw new Error('offline');
    });
    const { user } = renderCard({ onSaveNotes });
    await user.type(screen.getByRole('textbox', { name: /Your notes/ }), 'On the train');
    await user.click(screen.getByRole('button', { name: 'Save Notes' }));
    expect(await screen.findByText(/will be sent as soon as you are back online/)).toBeInTheDocument();
    expect(onSaveNotes).toHaveBeenCalledTimes(1);

    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(onSaveNotes).toHaveBeenCalledTimes(2));
    expect(onSaveNotes).toHaveBeenLastCalledWith('On the train');
    expect(await screen.findByText('Notes saved.')).toBeInTheDocument();
    onLine.mockRestore();
  });

  it('keeps a rating chosen offline and sends it once the browser is back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { props, user } = renderCard();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(props.onRate).not.toHaveBeenCalled();
    expect(screen.getByText(/Your rating is kept on this device/)).toBeInTheDocument();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(props.onRate).toHaveBeenCalledWith(4));
    onLine.mockRestore();
  });
});
