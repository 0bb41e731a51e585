/** The demo staff, listed in the README and printed by `pnpm start`. */
export const DEMO_PASSWORD = 'Nine-demo-1';

export type DemoRole = 'Administrator' | 'Counter clerk' | 'Tour guide' | 'Accountant';

export interface DemoAccount {
  email: string;
  name: string;
  role: DemoRole;
  /** Location codes the role is granted in. */
  locations: readonly string[];
  /** Approves cancellations, refunds above the policy's levels and overrides. */
  accessKey?: string;
}

export const DEMO_LOCATIONS = [
  { code: 'HARBOR', name: 'Harbor Front', address: '12 Pier Road', zip_code: '94133' },
  { code: 'OLDTOWN', name: 'Old Town', address: '48 Market Street', zip_code: '94108' },
  { code: 'LAKE', name: 'Lakeside', address: '3 Shore Drive', zip_code: '96150' },
] as const;

const ALL = DEMO_LOCATIONS.map((l) => l.code);

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'admin@nine.test', name: 'Alex Admin', role: 'Administrator', locations: ALL, accessKey: '1234' },
  {
    email: 'maria@nine.test',
    name: 'María López',
    role: 'Counter clerk',
    locations: ['HARBOR', 'OLDTOWN'],
    accessKey: '2222',
  },
  { email: 'sam@nine.test', name: 'Sam Carter', role: 'Counter clerk', locations: ['HARBOR'] },
  { email: 'lea@nine.test', name: 'Léa Martin', role: 'Counter clerk', locations: ['OLDTOWN'] },
  { email: 'jon@nine.test', name: 'Jon Park', role: 'Counter clerk', locations: ['LAKE'] },
  { email: 'tom@nine.test', name: 'Tom Becker', role: 'Tour guide', locations: ['OLDTOWN', 'LAKE'] },
  { email: 'ines@nine.test', name: 'Inés García', role: 'Tour guide', locations: ['HARBOR'] },
  { email: 'ravi@nine.test', name: 'Ravi Patel', role: 'Tour guide', locations: ['LAKE'] },
  { email: 'claire@nine.test', name: 'Claire Dubois', role: 'Accountant', locations: ALL, accessKey: '3333' },
  { email: 'ken@nine.test', name: 'Ken Ito', role: 'Accountant', locations: ['HARBOR'] },
];
