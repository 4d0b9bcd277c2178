import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { DeleteFrameworkModal } from './delete-framework-modal';
import { FrameworkList } from './framework-list';
import type { Framework } from './upload-request';
import { WeekOverview } from './week-overview';

const frameworks: Framework[] = [
  {
    id: 1,
    weekNumber: 1,
    title: 'Listening',
    description: 'Hear each other',
    fileSize: 2048,
    uploadedAt: '2026-11-21T10:00:00.000Z',
  },
  {
    id: 2,
    weekNumber: 40,
    title: 'Lasting love',
    description: '',
    fileSize: 3 * 1024 * 1024,
    uploadedAt: '2026-11-22T10:00:00.000Z',
  },
];

describe('WeekOverview', () => {
  it('shows 52 labelled week buttons, uploaded ones marked, and the count', () => {
    renderWithProviders(<WeekOverview frameworks={frameworks} selectedWeek={null} onSelectWeek={() => {}} />);
    const grid = screen.getByRole('list', { name: 'Weeks 1 to 52' });
    expect(within(grid).getAllByRole('button')).toHaveLength(52);
    expect(screen.getByText('2 of 52 weeks uploaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Week 40: Lasting love (uploaded)' })).toHaveAttribute('data-uploaded');
    expect(screen.getByRole('button', { name: 'Week 2: not uploaded' })).not.toHaveAttribute('data-uploaded');
  });

  it('hands the chosen week (and its framework) to the form, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    const onSelectWeek = vi.fn();
    renderWithProviders(<WeekOverview frameworks={frameworks} selectedWeek={3} onSelectWeek={onSelectWeek} />);
    expect(screen.getByRole('button', { name: 'Week 3: not uploaded' })).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('button', { name: 'Week 1: Listening (uploaded)' }));
    expect(onSelectWeek).toHaveBeenLastCalledWith(1, frameworks[0]);
    screen.getByRole('button', { name: 'Week 5: not uploaded' }).focus();
    await user.keyboard('{Enter}');
    expect(onSelectWeek).toHaveBeenLastCalledWith(5, undefined);
  });

  it('shows the title in a tooltip on focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WeekOverview frameworks={frameworks} selectedWeek={null} onSelectWeek={() => {}} />);
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Listening');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('moves one tooltip from cell to cell under the mouse, and shows none for a finger', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WeekOverview frameworks={frameworks} selectedWeek={null} onSelectWeek={() => {}} />);
    await user.hover(screen.getByRole('button', { name: 'Week 40: Lasting love (uploaded)' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Lasting love');
    await user.hover(screen.getByRole('button', { name: 'Week 2: not uploaded' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent('Not uploaded yet'));
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    // Anchored to an element laid over the cell, not handed the cell as a `target` (which Mantine
    // re-attaches after each of its renders: an update loop once in CI, React's error #185).
    const items = within(screen.getByRole('list', { name: 'Weeks 1 to 52' })).getAllByRole('listitem');
    const anchored = items.filter((item) => item.querySelector('span[aria-hidden="true"]'));
    expect(anchored).toEqual([items[1]]);
    await user.unhover(screen.getByRole('button', { name: 'Week 2: not uploaded' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Week 3: not uploaded' }), { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('closes the tooltip a mouse opened with Escape, wherever the focus is (WCAG 1.4.13)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WeekOverview frameworks={frameworks} selectedWeek={null} onSelectWeek={() => {}} />);
    await user.hover(screen.getByRole('button', { name: 'Week 40: Lasting love (uploaded)' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Lasting love');
    expect(document.activeElement).toBe(document.body);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('stays open while the mouse moves from the cell onto it, and closes once it leaves (WCAG 1.4.13)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WeekOverview frameworks={frameworks} selectedWeek={null} onSelectWeek={() => {}} />);
    const cell = screen.getByRole('button', { name: 'Week 40: Lasting love (uploaded)' });
    await user.hover(cell);
    const tooltip = await screen.findByRole('tooltip');
    await user.unhover(cell);
    await user.hover(tooltip);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Lasting love');
    await user.unhover(tooltip);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });
});

describe('FrameworkList', () => {
  it('lists size, date, download and delete per week', async () => {
    const user = userEvent.setup();
    const onDownload = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(
      <FrameworkList frameworks={frameworks} downloadingWeek={null} onDownload={onDownload} onDelete={onDelete} />,
    );
    const item = screen.getByRole('listitem', { name: 'Week 40: Lasting love' });
    expect(item).toHaveTextContent('3 MB');
    await user.click(within(item).getByRole('button', { name: 'Download Week 40' }));
    expect(onDownload).toHaveBeenCalledWith(40);
    await user.click(within(item).getByRole('button', { name: 'Delete Week 40' }));
    expect(onDelete).toHaveBeenCalledWith(frameworks[1]);
  });

  it('has an empty state that says what to do', () => {
    renderWithProviders(
      <FrameworkList frameworks={[]} downloadingWeek={null} onDownload={() => {}} onDelete={() => {}} />,
    );
    expect(screen.getByTestId('frameworks-empty')).toHaveTextContent('No frameworks uploaded yet.');
  });
});

describe('DeleteFrameworkModal', () => {
  it('asks with the spec text and deletes only on confirmation', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <DeleteFrameworkModal weekNumber={12} deleting={false} onConfirm={onConfirm} onCancel={onCancel} />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete Week 12? This action cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Week 12' }));
    expect(onConfirm).toHaveBeenCalledWith(12);
  });
});
