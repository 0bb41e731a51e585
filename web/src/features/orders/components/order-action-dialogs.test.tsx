import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import { CloseRefusedDialog, WarningsDialog } from './order-action-dialogs.tsx';

const format = (minor: number) => `$${(minor / 100).toFixed(2)}`;

beforeAll(async () => {
  await initI18n();
});

describe('closing an order with money unsettled', () => {
  it('warns with the amounts held and due, and confirming resends', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <WarningsDialog
        open
        sending={false}
        warnings={['deposit_held', 'balance_due']}
        itemsWithoutSku={[]}
        unsettled={[
          { reason: 'deposit_held', amount_minor: 20000 },
          { reason: 'balance_due', amount_minor: 1000 },
        ]}
        format={format}
        onConfirm={onConfirm}
        onDismiss={() => {}}
      />,
    );
    expect(
      await screen.findByText('A deposit of $200.00 is still held: it should be returned or claimed first.'),
    ).toBeTruthy();
    expect(screen.getByText('A balance of $10.00 is still due on this order.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue anyway' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('warns in plain words even when the server sends no amounts', async () => {
    renderWithProviders(
      <WarningsDialog
        open
        sending={false}
        warnings={['deposit_held']}
        itemsWithoutSku={[]}
        onConfirm={() => {}}
        onDismiss={() => {}}
      />,
    );
    expect(
      await screen.findByText('A deposit is still held: it should be returned or claimed first.'),
    ).toBeTruthy();
  });

  it('a refusal says what is left to settle and goes there', async () => {
    const onSettle = vi.fn();
    const onDismiss = vi.fn();
    renderWithProviders(
      <CloseRefusedDialog
        open
        reasons={[
          { reason: 'deposit_held', amount_minor: 20000 },
          { reason: 'balance_due', amount_minor: 1000 },
        ]}
        format={format}
        onSettle={onSettle}
        onDismiss={onDismiss}
      />,
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'The order cannot be closed yet' });
    expect(dialog).toBeTruthy();
    expect(screen.getByText('A deposit of $200.00 is still held: return or claim it first.')).toBeTruthy();
    expect(screen.getByText('A balance of $10.00 is still due: take the payment first.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to the deposit' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(onSettle).toHaveBeenCalledWith('deposit_held');
  });
});
