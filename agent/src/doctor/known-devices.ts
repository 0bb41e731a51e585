/**
 * USB vendors of the receipt printers and HID POS scanners counters buy, as listed in
 * `install/99-nine-agent.rules` (a test keeps the two in step). The generic ids belong to chip makers whose
 * controllers are inside many no-brand printers (and other gadgets, so a match is a hint, not a verdict).
 */
export const knownVendors: readonly { vendorId: number; name: string; kind: 'printer' | 'scanner' }[] = [
  { vendorId: 0x04b8, name: 'Epson', kind: 'printer' },
  { vendorId: 0x0519, name: 'Star Micronics', kind: 'printer' },
  { vendorId: 0x0416, name: 'Winbond (generic POS printers)', kind: 'printer' },
  { vendorId: 0x0483, name: 'STMicroelectronics (generic POS printers)', kind: 'printer' },
  { vendorId: 0x28e9, name: 'GigaDevice (generic POS printers)', kind: 'printer' },
  { vendorId: 0x0c2e, name: 'Honeywell (Metrologic)', kind: 'scanner' },
  { vendorId: 0x05e0, name: 'Zebra (Symbol)', kind: 'scanner' },
];

export function knownVendor(vendorId: number) {
  return knownVendors.find((vendor) => vendor.vendorId === vendorId);
}

export const UDEV_RULES_FILE = '99-nine-agent.rules';
export const UDEV_RULE_LOCATIONS = ['/etc/udev/rules.d', '/usr/lib/udev/rules.d', '/lib/udev/rules.d'];

/** The commands that install the shipped rules (run from the agent folder). */
export const UDEV_FIX = [
  `sudo cp install/${UDEV_RULES_FILE} /etc/udev/rules.d/`,
  'sudo udevadm control --reload-rules && sudo udevadm trigger',
  'sudo usermod -aG lp,plugdev "$USER"   # then log out and in (or restart the service)',
];
