/**
 * Kysely table types, written by hand next to the SQL migrations (the migrations are the truth).
 * Add a table here when code first queries it through Kysely.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface LocationsTable {
  id: Generated<number>;
  name: string;
  code: string;
  time_zone: Generated<string>;
  address: string | null;
  zip_code: string | null;
  tel: string | null;
  email: string | null;
  created_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  status: Generated<'active' | 'inactive' | 'expired'>;
  only_login_by_sso: Generated<boolean>;
  access_key_hash: string | null;
  default_location_id: number | null;
  last_login_at: NullableTimestamp;
  password_changed_at: Generated<Date>;
  password_expired_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface RolesTable {
  id: Generated<number>;
  title: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface RolePermissionsTable {
  role_id: number;
  resource: string;
  action: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
  location_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: Buffer;
  location_id: number | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
  ip: string | null;
}

export interface GeneralSettingsTable {
  location_id: number;
  currency_symbol: Generated<string>;
}

export interface OrdersTable {
  id: Generated<number>;
  number: Generated<number>;
  type: 'rent' | 'sale' | 'borrow' | 'adhoc' | 'item';
  source: 'web' | 'phone' | 'back_end' | 'walk_in' | 'kiosk';
  status: string;
  location_id: number;
  customer_id: number | null;
  planned_start: NullableTimestamp;
  planned_finish: NullableTimestamp;
  actual_start: NullableTimestamp;
  actual_finish: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number | null;
  location_id: number;
  method: 'cash' | 'card' | 'external' | 'account_credit';
  amount_minor: number;
  created_at: Generated<Date>;
}

export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  amount_minor: number;
  created_at: Generated<Date>;
  /** A cash refund's drawer (0022): the register and the open session the cash left. */
  cash_register_id: number | null;
  register_session_id: number | null;
}

/** Activity settings per location and rental type (0001); the closing rules of 0022. */
export interface ActivitySettingsTable {
  location_id: number;
  rental_type_id: number;
  close_sale_order: Generated<'manual' | 'on_full_payment'>;
  /** Closing an order with a deposit still held: warn (1205, acknowledged) or deny (1254). */
  close_with_deposit_held: Generated<'warn' | 'deny'>;
  /** Closing an order with a balance due: allow, warn (1205) or deny (1254). */
  close_with_balance_due: Generated<'allow' | 'warn' | 'deny'>;
}

/** Counter PCs registered as kiosks (0001, 0008, 0020): only the agent's Ed25519 public key is kept. */
export interface KioskDevicesTable {
  id: Generated<number>;
  location_id: number;
  name: string;
  device_id: string | null;
  /** Raw 32-byte Ed25519 public key; null for a registration from before keys. */
  public_key: Buffer | null;
  registered_by: number | null;
  registered_at: Generated<Date>;
  revoked_at: NullableTimestamp;
  revoked_by: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  user_id: number | null;
  location_id: number | null;
  device: string | null;
  entity_type: string;
  entity_id: string;
  action: string;
  data: ColumnType<unknown, string | undefined, never>;
}

export interface Database {
  locations: LocationsTable;
  users: UsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  general_settings: GeneralSettingsTable;
  orders: OrdersTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  activity_settings: ActivitySettingsTable;
  audit_log: AuditLogTable;
  kiosk_devices: KioskDevicesTable;
}
