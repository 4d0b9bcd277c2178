import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AWAITING_NAMES_ATTRIBUTE } from '../../../shared/onboarding-page';
import { renderWithProviders } from '../../test/render';
import { DashboardHeader } from './dashboard-header';

describe('DashboardHeader', () => {
  it('greets both partners and counts the days to the wedding', () => {
    renderWithProviders(
      <DashboardHeader
        profile={{ userDisplayName: 'Maya', partnerName: 'Noah', weddingDate: '2027-07-01' }}
        now={new Date(2027, 5, 1, 9)}
      />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Welcome, Maya & Noah' });
    // Only a heading still waiting for the names keeps two lines' height on a phone.
    expect(heading).not.toHaveAttribute(AWAITING_NAMES_ATTRIBUTE);
    expect(screen.getByText('30 days until your wedding')).toBeInTheDocument();
  });

  it('says "here" on the wedding day and how long ago it was afterwards, never "here" for ever', () => {
    const profile = { userDisplayName: 'Maya', partnerName: 'Noah', weddingDate: '2027-07-01' };
    const { rerender } = renderWithProviders(<DashboardHeader profile={profile} now={new Date(2027, 6, 1, 21)} />);
    expect(screen.getByTestId('wedding-countdown')).toHaveTextContent('Your wedding day is here!');
    rerender(<DashboardHeader profile={profile} now={new Date(2027, 6, 2, 8)} />);
    expect(screen.getByTestId('wedding-countdown')).toHaveTextContent('Married 1 day ago');
    rerender(<DashboardHeader profile={profile} now={new Date(2028, 6, 1, 8)} />);
    expect(screen.getByTestId('wedding-countdown')).toHaveTextContent('Married 366 days ago');
  });

  it('hides the countdown without a wedding date', () => {
    renderWithProviders(
      <DashboardHeader profile={{ userDisplayName: 'Maya', partnerName: 'Noah', weddingDate: null }} />,
    );
    expect(screen.queryByTestId('wedding-countdown')).not.toBeInTheDocument();
  });

  it('does not greet the trial placeholder names', () => {
    renderWithProviders(
      <DashboardHeader profile={{ userDisplayName: 'Trial User', partnerName: 'Partner', weddingDate: null }} />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to your journey' })).toHaveAttribute(
      AWAITING_NAMES_ATTRIBUTE,
    );
  });

  it('shows the greeting without names and a skeleton badge until the profile is loaded', () => {
    renderWithProviders(<DashboardHeader profile={undefined} />);
    expect(screen.getByLabelText('Loading your dashboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to your journey' })).toHaveAttribute(
      AWAITING_NAMES_ATTRIBUTE,
    );
    expect(screen.queryByTestId('wedding-countdown')).not.toBeInTheDocument();
  });
});
