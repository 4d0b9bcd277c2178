import { Drawer, Modal } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../test/render';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Every dialog's X button has a name in the page's language (QA walk, issue 35: Mantine gives it
 * none, and most dialogs' X was read as "button"), and its header is no second banner landmark.
 * The theme sets both once (theme.ts).
 */
describe('the X button of a dialog', () => {
  it.each([
    ['en', 'Close'],
    ['es', 'Cerrar'],
  ])('is named in the page’s language (%s)', async (locale, name) => {
    i18n.activate(locale);
    renderWithProviders(
      <ConfirmDialog
        title="Refund?"
        cancelLabel="Cancel"
        confirmLabel="Refund"
        pending={false}
        onCancel={() => {}}
        onConfirm={() => {}}
      >
        Sure?
      </ConfirmDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund?' });
    expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
  });

  it('is named in a drawer and a dialog built of parts too, and a dialog’s own name for it wins', async () => {
    renderWithProviders(
      <>
        <Drawer opened onClose={() => {}} title="Filters">
          Drawer
        </Drawer>
        <Modal.Root opened onClose={() => {}}>
          <Modal.Content>
            <Modal.Header>
              <Modal.Title>Milestone</Modal.Title>
              <Modal.CloseButton />
            </Modal.Header>
          </Modal.Content>
        </Modal.Root>
        <Modal opened onClose={() => {}} title="Delete" closeButtonProps={{ 'aria-label': 'Close without deleting' }}>
          Modal
        </Modal>
      </>,
    );
    const drawer = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(drawer).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const parts = screen.getByRole('dialog', { name: 'Milestone' });
    expect(within(parts).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const modal = screen.getByRole('dialog', { name: 'Delete' });
    expect(within(modal).getByRole('button', { name: 'Close without deleting' })).toBeInTheDocument();
  });
});

describe('the header of a dialog', () => {
  it('is no banner landmark (Mantine makes it a <header>)', async () => {
    renderWithProviders(
      <>
        <Modal opened onClose={() => {}} title="Record an order">
          Modal
        </Modal>
        <Drawer opened onClose={() => {}} title="Filters">
          Drawer
        </Drawer>
      </>,
    );
    await screen.findByRole('dialog', { name: 'Record an order' });
    expect(screen.queryAllByRole('banner')).toEqual([]);
    expect(document.querySelector('[role="dialog"] header')).toBeNull();
  });
});
