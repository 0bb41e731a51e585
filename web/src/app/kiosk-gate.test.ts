import { describe, expect, it } from 'vitest';
import { kioskGate } from './kiosk-gate.ts';
import { findRoute, routeTable } from './route-table.ts';

const route = (name: Parameters<typeof findRoute>[0]) => findRoute(name)!;

describe('kioskGate: a device in kiosk mode shows only the kiosk', () => {
  it('sends every signed-in screen to the kiosk in kiosk mode, and leaves the kiosk alone', () => {
    const on = { kioskMode: true, signedIn: true };
    for (const row of routeTable.filter((r) => r.layout !== 'auth' && r.layout !== 'kiosk' && !r.kiosk))
      expect(kioskGate(row, on), row.name).toBe('kiosk');
    expect(kioskGate(route('kiosk'), on)).toBeNull();
  });

  it('lets the public pages the kiosk offers through (easy-sign and the participant page), not the landing page', () => {
    const on = { kioskMode: true, signedIn: true };
    expect(kioskGate(route('easySign'), on)).toBeNull();
    expect(kioskGate(route('participantSign'), on)).toBeNull();
    expect(kioskGate(route('Home'), on)).toBe('kiosk');
  });

  it('keeps the sign-in screens reachable, so a kiosk whose session ended can be signed in again', () => {
    expect(kioskGate(route('Login'), { kioskMode: true, signedIn: false })).toBeNull();
    expect(kioskGate(route('PasswordExpired'), { kioskMode: true, signedIn: true })).toBeNull();
    expect(kioskGate(route('DashboardIndex'), { kioskMode: true, signedIn: false })).toBeNull();
  });

  it('out of kiosk mode, lets every screen through but the kiosk, which sends to the dashboard', () => {
    const off = { kioskMode: false, signedIn: true };
    expect(kioskGate(route('rentOrders'), off)).toBeNull();
    expect(kioskGate(route('localSettings'), off)).toBeNull();
    expect(kioskGate(route('kiosk'), off)).toBe('DashboardIndex');
  });
});
