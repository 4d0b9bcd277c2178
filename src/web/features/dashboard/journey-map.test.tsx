import fs from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { JourneyMap } from './journey-map';
import { makeWeeks, serverNotice } from './test-support';

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

  it('is one Tab stop, on the week up next, with the arrow keys, Home and End moving between weeks', async () => {
    const onSelectWeek = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <JourneyMap
          weeks={makeWeeks({ completed: [1, 2], withFramework: [1, 2, 3, 4] })}
          selectedWeek={null}
          onSelectWeek={onSelectWeek}
        />
        <button type="button">After the map</button>
      </>,
    );
    const tabStops = screen.getAllByRole('button', { name: /^Week \d+/ }).filter((button) => button.tabIndex === 0);
    expect(tabStops).toEqual([weekButton(3)]);
    expect(screen.getByRole('group', { name: 'Weeks' })).toHaveAccessibleDescription(/arrow keys move between weeks/);

    // Before the map nothing is focusable: the first Tab lands on the week up next.
    await user.tab();
    expect(weekButton(3)).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After the map' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(weekButton(3)).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(weekButton(4)).toHaveFocus();
    expect(weekButton(4)).toHaveAttribute('tabindex', '0');
    expect(weekButton(3)).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(weekButton(2)).toHaveFocus();
    await user.keyboard('{End}');
    expect(weekButton(52)).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(weekButton(52)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(weekButton(1)).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(weekButton(1)).toHaveFocus();
    // jsdom lays nothing out, so a row is one week here; in a browser Down moves by the grid's columns.
    await user.keyboard('{ArrowDown}');
    expect(weekButton(2)).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelectWeek).toHaveBeenLastCalledWith(2);

    // A locked week keeps its name and is still reached, and refuses from the keyboard as by click.
    await user.keyboard('{End}{Enter}');
    expect(weekButton(52)).toHaveAccessibleName('Week 52, locked, complete week 51 to unlock');
    expect(await within(toasts()).findByText('Week Locked')).toBeInTheDocument();
    expect(onSelectWeek).toHaveBeenCalledTimes(1);

    // Leaving and coming back returns to the week the keyboard last rested on.
    await user.tab();
    await user.tab({ shift: true });
    expect(weekButton(52)).toHaveFocus();
  });

  it('puts the Tab stop on the selected week when there is one', () => {
    renderMap({ completed: [1, 2], withFramework: [1, 2, 3], selectedWeek: 1 });
    expect(weekButton(1)).toHaveAttribute('tabindex', '0');
    expect(screen.getAllByRole('button', { name: /^Week \d+/ }).filter((button) => button.tabIndex === 0)).toHaveLength(
      1,
    );
  });

  it('shows skeletons while the weeks load', () => {
    renderWithProviders(<JourneyMap weeks={undefined} selectedWeek={null} onSelectWeek={() => {}} />);
    expect(screen.getByLabelText('Loading the journey map')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryAllByRole('button', { name: /^Week/ })).toHaveLength(0);
  });
});

// The states' icons are drawn by the stylesheet (decision 0380), which jsdom does not lay out.
describe('the journey map stylesheet', () => {
  const css = fs.readFileSync(path.join(import.meta.dirname, 'journey-map.module.css'), 'utf8');
  /** Every block of a selector, joined (a state's colours and its icon are two rules). */
  const rule = (selector: string) =>
    [...css.matchAll(new RegExp(`(^|\\n)${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'g'))]
      .map((match) => match[2])
      .join('\n');

  it('gives every state but "available" an icon in the text colour, kept in forced colours', () => {
    // One image holds the four icons side by side and each state shows its quarter: Chromium builds
    // an SVG document for every SVG image, so the page pays for one instead of four.
    const quarters = { completed: '0%', next: '33.333%', comingSoon: '66.667%', locked: '100%' };
    for (const [state, quarter] of Object.entries(quarters)) {
      expect(rule(`.${state}`), state).toContain(`--state-icon: ${quarter};`);
      expect(css).toMatch(new RegExp(`\\.${state}::after[,\\s][^{]*\\{[^}]*content: ""`));
    }
    expect(rule('.available')).not.toContain('--state-icon');
    expect(css.match(/url\(/g)).toHaveLength(1);
    expect(css).toMatch(
      /\.week::after,\s*\.legendSwatch::after \{[^}]*background-color: currentColor;\s*mask-image: url\("data:image\/svg\+xml,%3Csvg xmlns='http:\/\/www.w3.org\/2000\/svg' viewBox='0 0 96 24'[^"]+%3C\/svg%3E"\);\s*mask-size: 400% 100%;\s*mask-repeat: no-repeat;\s*mask-position: var\(--state-icon\) 0;/,
    );
    expect(css).toMatch(
      /@media \(forced-colors: active\) \{\s*\.week::after,\s*\.legendSwatch::after \{\s*forced-color-adjust: none;/,
    );
  });
});
