import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProgressRecord } from '../../../shared/progress-schemas';
import { renderWithProviders } from '../../test/render';
import { makeProgression } from './test-support';
import { WinsPanel } from './wins-panel';

const weeks = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
const record = (weekNumber: number, rating: number | null): ProgressRecord => ({
  weekNumber,
  rating,
  notes: '',
  completedAt: '2027-01-01T00:00:00.000Z',
});

describe('WinsPanel', () => {
  it('marks the milestones reached by the completed week count', () => {
    renderWithProviders(<WinsPanel progression={makeProgression(weeks(13))} records={[]} />);
    expect(screen.getByLabelText('Journey Started!: reached')).toBeInTheDocument();
    expect(screen.getByLabelText('Quarter Champion: reached')).toBeInTheDocument();
    expect(screen.getByLabelText('Halfway Heroes: not reached yet, 13 weeks to go')).toBeInTheDocument();
    expect(screen.getByLabelText('Full Year Champions!: not reached yet, 39 weeks to go')).toBeInTheDocument();
    expect(screen.getByText('13 more weeks to “Halfway Heroes”.')).toBeInTheDocument();
  });

  it('states a milestone not reached yet as a goal, not as weeks already completed', () => {
    renderWithProviders(<WinsPanel progression={makeProgression([])} records={[]} />);
    const started = screen.getByLabelText('Journey Started!: not reached yet, 1 week to go');
    expect(within(started).getByText('Complete 1 week')).toBeInTheDocument();
    const quarter = screen.getByLabelText('Quarter Champion: not reached yet, 13 weeks to go');
    expect(within(quarter).getByText('Complete 13 weeks')).toBeInTheDocument();
    expect(screen.queryByText(/weeks? completed$/)).toBeNull();
  });

  it('says how many weeks a reached milestone took', () => {
    renderWithProviders(<WinsPanel progression={makeProgression(weeks(13))} records={[]} />);
    expect(
      within(screen.getByLabelText('Journey Started!: reached')).getByText('1 week completed'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Quarter Champion: reached')).getByText('13 weeks completed'),
    ).toBeInTheDocument();
  });

  it('shows the rounded consistency score and the average of the couple ratings with a chart', () => {
    renderWithProviders(
      <WinsPanel progression={makeProgression([1, 2, 3])} records={[record(1, 5), record(2, 4), record(3, null)]} />,
    );
    const growth = screen.getByRole('region', { name: 'Growth statistics' });
    expect(within(growth).getByText('6%')).toBeInTheDocument();
    expect(within(growth).getByText('4.5/5')).toBeInTheDocument();
    expect(within(growth).getByText('From 2 rated weeks.')).toBeInTheDocument();
    const chart = within(growth).getByRole('img', { name: /Weekly ratings/ });
    expect(chart).toHaveAccessibleName('Weekly ratings: week 1: 5 of 5; week 2: 4 of 5');
    expect(chart.querySelectorAll('rect[data-week]')).toHaveLength(2);
  });

  it('shows empty states without ratings instead of a made-up average', () => {
    renderWithProviders(<WinsPanel progression={makeProgression([])} records={[]} />);
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByText(/No rated weeks yet/)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Weekly ratings/ })).not.toBeInTheDocument();
    expect(screen.queryByText('4.2/5')).not.toBeInTheDocument();
  });

  it('shows skeletons while loading', () => {
    renderWithProviders(<WinsPanel progression={undefined} records={undefined} />);
    expect(screen.getByLabelText('Loading your wins')).toHaveAttribute('aria-busy', 'true');
  });
});
