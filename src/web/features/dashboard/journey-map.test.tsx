import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { JourneyMap } from './journey-map';
import { makeWeeks, serverNotice } from './test-fixtures';

function renderMap(options: Parameters<typeof makeWeeks>[0] & { selectedWeek?: number | null }) {
  const onSelectWeek = vi.fn();
  renderWithProviders(
    <JourneyMap weeks={makeWeeks(options)} selectedWeek={options.selectedWeek ?? null} onSelectWeek={onSelectWeek} />,
  );
  return { onSelectWeek, user: userEvent.setup() };
}

const weekButton = (number: number) => screen.getByRole('button', { name: new RegExp(`^Week ${number}(:|,)`) });
const toasts = () => screen.getByRole('region', { name: 'Notifications' });

// 52 buttons' accessible names are slow to compute in jsdom on a busy machine.
describe('JourneyMap', { timeout: 20_000 }, () => {
  it('shows 52 week buttons in four phases with a legend of the five states', () => {
    renderMap({ completed: [1, 2], withFramework: [1, 2, 3, 4] });
    expect(screen.getAllByRole('button', { name: /^Week \d+/ })).toHaveLength(52);
    for (const phase of ['Communication Foundation', 'Trust & Intimacy', 'Future Planning', 'Lasting Love']) {
      expect(screen.getByRole('region', { name: new RegExp(phase) })).toBeInTheDocument();
    }
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Completed', 'Up next', 'Available', 'Coming soon', 'Locked']);
  });

  it('names each state in the button label', () => {
    renderMap({ completed: [1, 2], withFramework: [1, 2, 3], selectedWeek: 2 });
    expect(weekButton(1)).toHaveAccessibleName('Week 1: Framework 1, completed');
    expect(weekButton(2)).toHaveAccessibleName('Week 2: Framework 2, completed, selected');
    expect(weekButton(2)).toHaveAttribute('aria-pressed', 'true');
    expect(weekButton(3)).toHaveAccessibleName('Week 3: Framework 3, up next, available');
    expect(weekButton(4)).toHaveAccessibleName('Week 4, locked, complete week 3 to unlock');
    expect(weekButton(4)).toHaveAttribute('data-state', 'locked');
  });

  it("shows an unlocked week without a framework as coming soon and shows the server's notice when clicked", async () => {
    const { user, onSelectWeek } = renderMap({ completed: [1], withFramework: [1] });
    expect(weekButton(2)).toHaveAttribute('data-state', 'coming-soon');
    await user.click(weekButton(2));
    expect(await within(toasts()).findByText('Coming Soon')).toBeInTheDocument();
    expect(within(toasts()).getByText(serverNotice(2, 'coming-soon'))).toBeInTheDocument();
    expect(onSelectWeek).not.toHaveBeenCalled();
  });

  it("refuses a locked week with the Week Locked toast and the server's notice", async () => {
    const { user, onSelectWeek } = renderMap({ completed: [1], withFramework: [1, 2, 3, 4, 5] });
    await user.click(weekButton(5));
    expect(await within(toasts()).findByText('Week Locked')).toBeInTheDocument();
    expect(within(toasts()).getByText(serverNotice(5, 'previous-week'))).toBeInTheDocument();
    expect(onSelectWeek).not.toHaveBeenCalled();
  });

  it('tells a trial couple that a week past the trial belongs to the full course', async () => {
    const { user } = renderMap({ completed: [1, 2, 3, 4], withFramework: [1, 2, 3, 4, 5], weekLimit: 4 });
    expect(weekButton(5)).toHaveAccessibleName('Week 5: Framework 5, locked, part of the full course');
    await user.click(weekButton(5));
    expect(await within(toasts()).findByText(serverNotice(5, 'trial-limit'))).toBeInTheDocument();
  });

  it("takes each week's state, lock reason and notice from the server, never from the week's neighbours", async () => {
    // Answers no rule on the page could give: week 2 locked although week 1 is completed, for the
    // trial although week 2 is far below any trial length; week 3 open although week 2 is not done.
    const { user, onSelectWeek } = renderMap({
      completed: [1],
      withFramework: [1, 2, 3],
      overrides: {
        2: {
          isUnlocked: false,
          state: 'locked',
          lockReason: 'trial-limit',
          notice: 'Only the server knows why week 2 is locked.',
        },
        3: { isUnlocked: true, state: 'available', lockReason: null, notice: null },
        4: { state: 'coming-soon', lockReason: null, notice: 'The server says week 4 is on its way.' },
      },
    });
    expect(weekButton(2)).toHaveAccessibleName('Week 2: Framework 2, locked, part of the full course');
    expect(weekButton(3)).toHaveAttribute('data-state', 'available');
    await user.click(weekButton(2));
    expect(await within(toasts()).findByText('Only the server knows why week 2 is locked.')).toBeInTheDocument();
    await user.click(weekButton(4));
    expect(await within(toasts()).findByText('The server says week 4 is on its way.')).toBeInTheDocument();
    await user.click(weekButton(3));
    expect(onSelectWeek).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('selects an available week by click and by keyboard', async () => {
    const { user, onSelectWeek } = renderMap({ completed: [1, 2], withFramework: [1, 2, 3] });
    await user.click(weekButton(1));
    expect(onSelectWeek).toHaveBeenLastCalledWith(1);
    weekButton(3).focus();
    await user.keyboard('{Enter}');
    expect(onSelectWeek).toHaveBeenLastCalledWith(3);
    await user.keyboard(' ');
    expect(onSelectWeek).toHaveBeenCalledTimes(3);
  });

  it('shows skeletons while the weeks load', () => {
    renderWithProviders(<JourneyMap weeks={undefined} selectedWeek={null} onSelectWeek={() => {}} />);
    expect(screen.getByLabelText('Loading the journey map')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryAllByRole('button', { name: /^Week/ })).toHaveLength(0);
  });
});
