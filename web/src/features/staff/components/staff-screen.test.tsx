import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseMoneyInput } from '@nine/shared/money';
import type { Permission } from '@nine/shared/permissions';
import { setUpTranslatedSuite } from '../../../testing/i18n-suite.ts';
import { jsonResponse, stubApi } from '../../../testing/fake-api.ts';
import { renderWithProviders } from '../../../testing/render-with-providers.tsx';
import type { Role } from '../api/get-roles.ts';
import { AccessKeyDialog } from './access-key-dialog.tsx';
import { AccessPolicyForm } from './access-policy-form.tsx';
import { RoleEditorDialog } from './role-editor-dialog.tsx';
import { UserFormDialog } from './user-form-dialog.tsx';
import { UsersTab } from './users-tab.tsx';

setUpTranslatedSuite();

const user = {
  id: 7,
  name: 'Dee Dock',
  email: 'dee@nine.test',
  status: 'active' as const,
  last_login_at: null,
  password_expired_at: null,
  created_at: '2026-11-01T09:00:00Z',
  expires_at: null,
  only_login_by_sso: true,
  has_access_key: false,
  roles: [{ role_id: 3, title: 'Dock hand', location_id: 1, location: 'HQ' }],
};

describe('users tab', () => {
  it('lists users with their status, roles and SSO flag, and deactivates only after confirmation', async () => {
    const calls = stubApi({
      'GET nine/users': () => jsonResponse(200, { data: { rows: [user], total: 1, page: 1, page_size: 25 } }),
      'GET nine/roles': () => jsonResponse(200, { data: [] }),
      'POST nine/users/7/deactivate': () => jsonResponse(200, { data: { ...user, status: 'inactive' } }),
    });
    const { toasts } = renderWithProviders(
      <UsersTab currentUserId={1} canChange canReadRoles locations={[{ id: 1, name: 'HQ' }]} />,
    );
    const row = (await screen.findByText('Dee Dock')).closest('tr')!;
    expect(within(row).getByText('dee@nine.test')).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Dock hand · HQ')).toBeTruthy();
    expect(within(row).getByText('Yes')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate Dee Dock' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Their sessions end at once/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['nine/users/7/deactivate']);
    expect(toasts[0]).toEqual({
      type: 'success',
      title: 'Operation Success',
      message: 'Changes Saved Successfully',
    });
  });

  it('filters by status on the server', async () => {
    const calls = stubApi({
      'GET nine/users': () => jsonResponse(200, { data: { rows: [], total: 0, page: 1, page_size: 25 } }),
    });
    renderWithProviders(<UsersTab currentUserId={1} canChange={false} canReadRoles={false} locations={[]} />);
    expect(await screen.findByText('No users match.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'expired' } });
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe('nine/users?page=1&page_size=25&status=expired'));
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
  });
});

describe('role editor', () => {
  it('disables grants the viewer does not hold and sends the ticked matrix', async () => {
    const calls = stubApi({
      'POST nine/roles': (body) => jsonResponse(201, { data: { id: 4, ...(body as object) } }),
    });
    const held: Permission[] = [
      { resource: 'rent_order', action: 'manage' },
      { resource: 'customer', action: 'view' },
    ];
    const saved = vi.fn();
    renderWithProviders(<RoleEditorDialog role={null} held={held} onClose={() => {}} onSaved={saved} />);
    const view = await screen.findByRole('checkbox', { name: 'View on Rent orders' });
    expect(
      (screen.getByRole('checkbox', { name: 'Refund on Rent orders' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Any on Rent orders' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole('checkbox', { name: 'View on Staff' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Counter' } });
    fireEvent.click(view);
    fireEvent.click(screen.getByRole('checkbox', { name: 'View on Customers' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        method: 'POST',
        path: 'nine/roles',
        body: {
          title: 'Counter',
          permissions: [
            { resource: 'customer', action: 'view' },
            { resource: 'rent_order', action: 'view' },
          ],
        },
      },
    ]);
    // A matrix of 132 checkboxes renders slowly in happy-dom on a busy machine.
  }, 30_000);
});

const policy = {
  auto_logout_minutes: 0,
  wrong_access_key_threshold: 5,
  wrong_access_key_ttl_minutes: 15,
  wrong_password_threshold: 5,
  wrong_password_ttl_minutes: 15,
  password_expiry_days: 90,
  password_reuse_limit: 3,
  password_min_length: 8,
  password_max_length: 64,
  password_require_capital: true,
  password_require_number: true,
  password_require_special: false,
  refund_level1_minor: 5000,
  refund_level2_minor: 20000,
};

describe('access policy form', () => {
  it('shows every field, refuses inconsistent values, and saves with the spec’s message', async () => {
    const calls = stubApi({
      'GET nine/access-policy': () =>
        jsonResponse(200, { data: { ...policy, updated_at: '2026-11-01T00:00:00Z' } }),
      'PUT nine/access-policy': (body) => jsonResponse(200, { data: body }),
    });
    const { toasts } = renderWithProviders(<AccessPolicyForm canChange currencySymbol="€" />);
    const threshold = await screen.findByRole('textbox', { name: 'Wrong password threshold' });
    expect((threshold as HTMLInputElement).value).toBe('5');
    expect((screen.getByRole('textbox', { name: 'Refund level L1' }) as HTMLInputElement).value).toBe(
      '50.00',
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Maximum length' }), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The maximum length cannot be below the minimum.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Maximum length' }), { target: { value: '32' } });
    fireEvent.change(threshold, { target: { value: '3' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Refund level L2' }), {
      target: { value: '250.5' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(toasts).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...policy,
      wrong_password_threshold: 3,
      password_max_length: 32,
      refund_level2_minor: 25050,
    });
    expect(toasts[0]).toMatchObject({ title: 'Operation Success', message: 'Changes Saved Successfully' });
  });

  it('parses amounts without floating-point drift and checks ranges', async () => {
    expect(parseMoneyInput('0.29')).toBe(29);
    expect(parseMoneyInput('12,5')).toBe(1250);
    expect(parseMoneyInput('1.234')).toBeNull();
    const calls = stubApi({
      'GET nine/access-policy': () =>
        jsonResponse(200, { data: { ...policy, updated_at: '2026-11-01T00:00:00Z' } }),
    });
    renderWithProviders(<AccessPolicyForm canChange currencySymbol="€" />);
    const field = async (name: string) => (await screen.findByRole('textbox', { name })) as HTMLInputElement;
    fireEvent.change(await field('Refund level L1'), { target: { value: '50' } });
    fireEvent.change(await field('Refund level L2'), { target: { value: '10' } });
    fireEvent.change(await field('Wrong password threshold'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Both refusals at once: the range of one field and the order of the refund levels.
    expect(await screen.findByText('Enter a whole number from 1 to 100.')).toBeTruthy();
    expect(screen.getByText('Level L2 cannot be below level L1.')).toBeTruthy();
    expect(screen.getAllByText(/Enter a whole number/)).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });
});

describe('user form and access key dialog', () => {
  it('words refused fields from the shared schema and sends the checked values', async () => {
    const calls = stubApi({
      'POST nine/users': (body) => jsonResponse(201, { data: { ...user, id: 8, ...(body as object) } }),
    });
    const saved = vi.fn();
    renderWithProviders(
      <UserFormDialog
        open
        user={null}
        roles={[{ id: 3, title: 'Dock hand' } as Role]}
        locations={[{ id: 1, name: 'HQ' }]}
        onClose={() => {}}
        onSaved={saved}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), { target: { value: 'dee@' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: ' Eve ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /E-mail/ }), {
      target: { value: 'Eve@Nine.test' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      name: 'Eve',
      email: 'eve@nine.test',
      only_login_by_sso: false,
      expires_at: null,
      roles: [],
    });
    // Ticking roles is covered in e2e/staff.spec.ts (Chakra's checkbox does not tick in happy-dom).
  });

  it('refuses an access key that is not 4 to 12 digits, then sets it', async () => {
    const calls = stubApi({ 'PUT nine/users/7/access-key': () => jsonResponse(200, { data: { ok: true } }) });
    const closed = vi.fn();
    renderWithProviders(<AccessKeyDialog user={user} onClose={closed} />);
    const dialog = await screen.findByRole('dialog', { name: 'Access key of Dee Dock' });
    const key = within(dialog).getByLabelText(/New access key/);
    fireEvent.change(key, { target: { value: '12a' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set key' }));
    expect(await within(dialog).findByText('Use 4 to 12 digits.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(key, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set key' }));
    // The key is sent, then the dialog closes (waiting on the close alone raced a loaded CI machine).
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { access_key: '123456' } });
    await vi.waitFor(() => expect(closed).toHaveBeenCalled());
  });
});
