import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOTAL_WEEKS } from '../../../shared/constants';
import { renderWithProviders } from '../../test/render';
import { SummaryCards } from './summary-cards';
import { makeProgression, makeWeeks } from './test-support';

const allWeeks = Array.from({ length: TOTAL_WEEKS }, (_, index) => index + 1);
const card = (name: string) => screen.getByRole('region', { name });

describe('SummaryCards', () => {
  it('counts the weeks published so far while the course is still being written', () => {
    renderWithProviders(
      <SummaryCards
        progression={makeProgression([1])}
        weeks={makeWeeks({ completed: [1], withFramework: [1, 2, 3] })}
      />,
    );
    expect(
      within(card('Available Frameworks')).getByText('Open to you now. 3 of 52 weeks published.'),
    ).toBeInTheDocument();
    expect(within(card('Weeks Completed')).getByText('1/52')).toBeInTheDocument();
    expect(within(card('Current Week')).getByText('Week 2')).toBeInTheDocument();
  });

  it('says every week is published once all 52 are, not "52 of 52 so far"', () => {
    renderWithProviders(
      <SummaryCards progression={makeProgression([])} weeks={makeWeeks({ completed: [], withFramework: allWeeks })} />,
    );
    expect(
      within(card('Available Frameworks')).getByText('Open to you now. All 52 weeks published.'),
    ).toBeInTheDocument();
  });

  it('says the number is what is open to the couple now, beside what is published', () => {
    renderWithProviders(
      <SummaryCards progression={makeProgression([])} weeks={makeWeeks({ completed: [], withFramework: allWeeks })} />,
    );
    const available = card('Available Frameworks');
    expect(within(available).getByText('1')).toBeInTheDocument();
    expect(available).toHaveTextContent(/^Available Frameworks1Open to you now\./);
  });

  it('shows a skeleton in each card until its data has loaded', () => {
    renderWithProviders(<SummaryCards progression={undefined} weeks={undefined} />);
    expect(screen.getAllByRole('status', { name: 'Loading' })).toHaveLength(3);
  });
});
