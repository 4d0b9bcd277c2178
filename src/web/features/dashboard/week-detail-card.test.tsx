import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import { renderWithProviders } from '../../test/render';
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
    expect(screen.getByText(/Completed March 4, 2027/)).toBeInTheDocument();
  });

  it('rates with the stars and clears the rating', async () => {
    const { props, user } = renderCard({}, { weekNumber: 2, notes: '', rating: 2, completedAt: null });
    expect(screen.getByText('Rated 2 of 5.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    // Mantine's Rating: arrows move over the stars, Space or Enter (or a click on a star) commits.
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
});
