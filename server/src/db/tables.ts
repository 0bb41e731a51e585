// Generated from the migrated database by `pnpm --filter @nine/server db:types`. Do not edit.

export type BillingFrequency = 'weekly' | 'biweekly' | 'monthly';
export type DeliverUnpaid = 'warn' | 'allow' | 'deny';
export type DeliveryStatus = 'scheduled' | 'out' | 'done' | 'failed' | 'cancelled';
export type DeliveryType = 'delivery' | 'pickup';
export type DepositMovementKind = 'held' | 'claimed' | 'returned';
export type ExportStatus = 'in_progress' | 'ready' | 'failed';
export type InvoiceStatus = 'in_progress' | 'posted';
export type InvoiceTiming = 'never' | 'anytime' | 'after_confirm' | 'after_deliver' | 'after_return';
export type InvoiceType = 'rent' | 'sale' | 'recurring' | 'adhoc' | 'credit_note';
export type ItemStatus = 'available' | 'rented' | 'maintenance' | 'retired' | 'lost';
export type MessageStatus = 'sent' | 'failed';
export type OrderItemStatus = 'pending' | 'confirmed' | 'delivered' | 'returned' | 'cancelled' | 'sold';
export type OrderSource = 'web' | 'phone' | 'back_end' | 'walk_in' | 'kiosk';
export type OrderStatus = 'pending' | 'confirmed' | 'partially-delivered' | 'delivered' | 'partially-returned' | 'returned' | 'closed' | 'open' | 'pre-cancel' | 'cancelled';
export type OrderType = 'rent' | 'sale' | 'borrow' | 'adhoc' | 'item';
export type PaymentMethod = 'cash' | 'card' | 'external' | 'account_credit';
export type ProductKind = 'rent' | 'sale';
export type RepairStatus = 'open' | 'closed';
export type StocktakeStatus = 'open' | 'closed';
export type UserStatus = 'active' | 'inactive' | 'expired';

export interface Tables {
  access_policy: {
    id: number;
    auto_logout_minutes: number;
    wrong_access_key_threshold: number;
    wrong_access_key_ttl_minutes: number;
    wrong_password_threshold: number;
    wrong_password_ttl_minutes: number;
    password_expiry_days: number;
    password_reuse_limit: number;
    password_min_length: number;
    password_max_length: number;
    password_require_capital: boolean;
    password_require_number: boolean;
    password_require_special: boolean;
    refund_level1_minor: number;
    refund_level2_minor: number;
    updated_at: Date;
  };
  activity_settings: {
    location_id: number;
    rental_type_id: number;
    enforce_using_rental_periods: boolean;
    deliver_unpaid_orders: DeliverUnpaid;
    warn_early_deliver_minutes: number;
    warn_early_return_minutes: number;
    allow_exchange_package_items: boolean;
    close_sale_order: string;
    special_pricing: boolean;
    allow_change_plan_start_after_deliver: boolean;
    allow_undo_deliver: boolean;
    adjust_plan_to_business_hours: boolean;
    simultaneous_replace_and_deliver: boolean;
    manual_invoice_time: InvoiceTiming;
    assign_and_deliver: boolean;
    show_category_image_in_admin_pannel: boolean;
    is_recurring_enabled: boolean;
    is_migration_in_progress: boolean;
    close_with_deposit_held: string;
    close_with_balance_due: string;
  };
  attributes: {
    id: number;
    name: string;
    kind: string;
    options: unknown;
  };
  audit_log: {
    id: number;
    at: Date;
    user_id: number | null;
    location_id: number | null;
    device: string | null;
    entity_type: string;
    entity_id: string;
    action: string;
    data: unknown;
  };
  auth_failures: {
    id: number;
    kind: string;
    subject: string;
    at: Date;
  };
  business_info: {
    id: number;
    site_title: string;
    site_logo: string | null;
    invoice_logo: string | null;
    site_url: string | null;
    address: string | null;
    email: string | null;
    tel: string | null;
    url_prefix: string | null;
    zip_code: string | null;
    sale_order_default_customer: string;
    accept_external_payments: boolean;
    add_adhoc_to_order: boolean;
    tour_is_enabled: boolean;
    process_external_refunds: boolean;
    sms_is_enabled: boolean;
    suspension_alert: string | null;
    updated_at: Date;
  };
  cash_registers: {
    id: number;
    location_id: number;
    name: string;
    header_title: string | null;
    default_terminal: string | null;
  };
  categories: {
    id: number;
    parent_id: number | null;
    name: string;
    image_url: string | null;
    rental_type_id: number | null;
    sort_order: number;
  };
  category_attributes: {
    category_id: number;
    attribute_id: number;
  };
  coupons: {
    id: number;
    partner_id: number | null;
    code: string;
    title: string;
    discount_kind: string;
    discount_value: number;
    commission_bp: number | null;
    applies_to: string;
    auto_apply: boolean;
    valid_from: Date;
    valid_to: Date | null;
    is_active: boolean;
    version: number;
    created_at: Date;
    updated_at: Date;
  };
  customer_messages: {
    id: number;
    customer_id: number;
    channel: string;
    recipient: string;
    body: string;
    status: MessageStatus;
    error: string | null;
    location_id: number | null;
    sent_by: number | null;
    created_at: Date;
  };
  customer_notes: {
    id: number;
    customer_id: number;
    body: string;
    created_by: number | null;
    created_at: Date;
  };
  customer_participants: {
    id: number;
    customer_id: number;
    name: string;
    email: string | null;
    phone: string | null;
    birth_date: Date | null;
    created_at: Date;
  };
  customer_signatures: {
    id: number;
    customer_id: number;
    participant_id: number | null;
    signer_name: string;
    document: string;
    image: string | null;
    signed_at: Date;
  };
  customers: {
    id: number;
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    country: string | null;
    notes: string | null;
    is_anonymous: boolean;
    home_location_id: number | null;
    created_at: Date;
    updated_at: Date;
    version: number;
    search_text: string | null;
  };
  deliveries: {
    id: number;
    order_id: number;
    location_id: number;
    type: DeliveryType;
    status: DeliveryStatus;
    scheduled_at: Date;
    address: string;
    zip_code: string | null;
    sort: number;
    created_by: number | null;
    created_at: Date;
    updated_at: Date;
  };
  delivery_items: {
    delivery_id: number;
    order_item_id: number;
  };
  deposit_movements: {
    id: number;
    order_id: number;
    kind: DepositMovementKind;
    method: PaymentMethod;
    amount_minor: number;
    reason: string | null;
    created_by: number | null;
    approved_by: number | null;
    created_at: Date;
    cash_register_id: number | null;
    register_session_id: number | null;
  };
  exports: {
    id: number;
    user_id: number;
    location_id: number;
    list: string;
    format: string;
    description: string;
    filters: unknown;
    status: ExportStatus;
    row_count: number | null;
    byte_count: number | null;
    error: string | null;
    created_at: Date;
    finished_at: Date | null;
    started_at: Date | null;
    attempts: number;
  };
  general_settings: {
    location_id: number;
    allow_staff_credit_card_entry: boolean;
    current_cash_register: number | null;
    calendar_date_time_format: string;
    is_tax_included: boolean;
    show_taxes_mode: string;
    confirm_change_return: boolean;
    has_pay_and_balance_forward: boolean;
    print_setup: unknown;
    tax_comment: string | null;
    calendar_time_intervals: number;
    invoice_print_header: string | null;
    order_print_header: string | null;
    sale_order_print_header: string | null;
    multi_register: boolean;
    used_in_store: boolean;
    currency_symbol: string;
    currency_code: string;
    store_open: string;
    store_close: string;
    updated_at: Date;
    order_photo_max_bytes: number;
  };
  gl_codes: {
    code: string;
    description: string;
  };
  idempotency_keys: {
    user_id: number;
    key: string;
    request_hash: Buffer;
    response_status: number | null;
    response_body: unknown | null;
    created_at: Date;
  };
  invoice_lines: {
    id: number;
    invoice_id: number;
    order_item_id: number | null;
    description: string;
    quantity: number;
    unit_price_minor: number;
    discount_minor: number;
    tax_id: number | null;
    tax_minor: number;
    total_minor: number;
  };
  invoice_settlements: {
    invoice_id: number;
    total_minor: number;
    paid_minor: number;
    credited_minor: number;
    state: string | null;
  };
  invoices: {
    id: number;
    number: number;
    type: InvoiceType;
    status: InvoiceStatus;
    order_id: number | null;
    customer_id: number | null;
    location_id: number;
    credits_invoice_id: number | null;
    billing_from: Date | null;
    billing_to: Date | null;
    subtotal_minor: number;
    discount_minor: number;
    tax_minor: number;
    total_minor: number;
    created_at: Date;
    in_progress_at: Date;
    posted_at: Date | null;
    updated_at: Date;
    version: number;
    of_sale_order: boolean;
    list: string | null;
    refund_id: number | null;
  };
  item_booked_days: {
    location_id: number;
    product_id: number;
    item_id: number;
    day: Date;
    bookings: number;
  };
  item_maintenance_status: {
    item_id: number | null;
    rule_id: number | null;
    every_rent_hours: number | null;
    every_days: number | null;
    last_service_at: Date | null;
    rent_minutes_since_service: number | null;
    rent_minutes_left: number | null;
    due_at: Date | null;
    due: boolean | null;
  };
  item_services: {
    item_id: number;
    last_service_at: Date;
    rent_minutes_at_service: number;
  };
  item_totals: {
    item_id: number;
    revenue_minor: number;
  };
  items: {
    id: number;
    product_id: number;
    sku: string;
    barcode: string;
    status: ItemStatus;
    home_location_id: number;
    current_location_id: number;
    rent_count: number;
    rent_minutes: number;
    created_at: Date;
    updated_at: Date;
    version: number;
  };
  kiosk_challenges: {
    id: string;
    challenge: string;
    user_id: number;
    location_id: number;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  kiosk_devices: {
    id: number;
    location_id: number;
    name: string;
    registered_by: number | null;
    registered_at: Date;
    revoked_at: Date | null;
    device_id: string | null;
    public_key: Buffer | null;
    revoked_by: number | null;
  };
  ledger_entries: {
    id: number;
    txn_id: string;
    gl_code: string;
    amount_minor: number;
    location_id: number;
    order_id: number | null;
    invoice_id: number | null;
    payment_id: number | null;
    refund_id: number | null;
    created_at: Date;
    deposit_movement_id: number | null;
    register_movement_id: number | null;
  };
  location_activity_settings: {
    location_id: number;
    rental_type_id: number;
    delivery_availability: boolean;
  };
  locations: {
    id: number;
    name: string;
    code: string;
    time_zone: string;
    address: string | null;
    zip_code: string | null;
    tel: string | null;
    email: string | null;
    created_at: Date;
  };
  maintenance_rules: {
    id: number;
    rental_type_id: number | null;
    product_id: number | null;
    every_rent_hours: number | null;
    every_days: number | null;
    created_by: number | null;
    created_at: Date;
  };
  order_items: {
    id: number;
    order_id: number;
    product_id: number;
    item_id: number | null;
    quantity: number;
    unit_price_minor: number;
    discount_minor: number;
    status: OrderItemStatus;
    planned_start: Date | null;
    planned_finish: Date | null;
    delivered_at: Date | null;
    returned_at: Date | null;
    booked_period: string | null;
    created_at: Date;
    counter_start: number | null;
    counter_end: number | null;
  };
  order_participants: {
    id: number;
    order_id: number;
    name: string;
    age: number | null;
    weight_kg: number | null;
    notes: string | null;
    created_by: number | null;
    created_at: Date;
  };
  order_photos: {
    id: number;
    order_id: number;
    stored_name: string;
    file_name: string;
    content_type: string;
    size_bytes: number;
    created_by: number | null;
    created_at: Date;
  };
  order_signatures: {
    order_id: number;
    method: string;
    signer_name: string;
    image: string;
    signed_by: number | null;
    signed_at: Date;
  };
  orders: {
    id: number;
    number: number;
    type: OrderType;
    source: OrderSource;
    status: OrderStatus;
    location_id: number;
    customer_id: number | null;
    rental_type_id: number | null;
    planned_start: Date | null;
    planned_finish: Date | null;
    actual_start: Date | null;
    actual_finish: Date | null;
    closed_at: Date | null;
    cancelled_at: Date | null;
    total_minor: number;
    deposit_minor: number;
    staff_note: string | null;
    customer_note: string | null;
    order_image: string | null;
    deposit_in_custody: boolean;
    cc_skipped: boolean;
    has_delivery: boolean;
    created_by: number | null;
    created_at: Date;
    updated_at: Date;
    version: number;
    customer_last_name: string | null;
  };
  override_logs: {
    id: number;
    kind: string;
    order_id: number | null;
    order_item_id: number | null;
    user_id: number;
    approver_id: number | null;
    old_value: number;
    new_value: number;
    comment: string | null;
    created_at: Date;
  };
  partner_commission_rates: {
    partner_id: number;
    applies_to: string;
    rate_bp: number;
  };
  partners: {
    id: number;
    name: string;
    email: string | null;
    phone: string | null;
    commission_rate_bp: number;
    created_at: Date;
    updated_at: Date;
    version: number;
    search_text: string | null;
  };
  password_history: {
    id: number;
    user_id: number;
    password_hash: string;
    created_at: Date;
  };
  password_reset_tokens: {
    token_hash: Buffer;
    user_id: number;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  payments: {
    id: number;
    order_id: number | null;
    invoice_id: number | null;
    customer_id: number | null;
    location_id: number;
    cash_register_id: number | null;
    method: PaymentMethod;
    amount_minor: number;
    tendered_minor: number | null;
    reference: string | null;
    created_by: number | null;
    created_at: Date;
    register_session_id: number | null;
  };
  product_attribute_values: {
    product_id: number;
    attribute_id: number;
    value: string;
  };
  product_booked_days: {
    location_id: number;
    product_id: number;
    day: Date;
    units: number;
  };
  product_totals: {
    product_id: number;
    rent_count: number;
    rent_minutes: number;
    revenue_minor: number;
  };
  products: {
    id: number;
    kind: ProductKind;
    sku: string;
    name: string;
    option: string | null;
    category_id: number | null;
    rental_type_id: number | null;
    is_serialized: boolean;
    barcode: string | null;
    price_minor: number;
    hourly_price_minor: number | null;
    deposit_minor: number;
    tax_id: number | null;
    active: boolean;
    created_at: Date;
    updated_at: Date;
    version: number;
    search_text: string;
  };
  recurring_invoices: {
    plan_id: number;
    period_start: Date;
    invoice_id: number;
  };
  recurring_plans: {
    id: number;
    order_id: number;
    frequency: BillingFrequency;
    next_invoice_date: Date;
    active: boolean;
    created_by: number | null;
    created_at: Date;
    updated_at: Date;
  };
  refunds: {
    id: number;
    payment_id: number;
    amount_minor: number;
    reason: string | null;
    created_by: number | null;
    approved_by: number | null;
    created_at: Date;
    approval_level: number;
    cash_register_id: number | null;
    register_session_id: number | null;
  };
  register_movements: {
    id: number;
    register_session_id: number;
    kind: string;
    amount_minor: number;
    reason: string;
    created_by: number;
    created_at: Date;
  };
  register_sessions: {
    id: number;
    cash_register_id: number;
    opened_by: number;
    opened_at: Date;
    float_minor: number;
    closed_by: number | null;
    closed_at: Date | null;
    expected_minor: number | null;
    counted_minor: number | null;
    difference_minor: number | null;
  };
  rental_types: {
    id: number;
    name: string;
  };
  repair_logs: {
    id: number;
    item_id: number;
    location_id: number;
    order_id: number | null;
    status: RepairStatus;
    problem: string;
    opened_by: number | null;
    opened_at: Date;
    closed_by: number | null;
    closed_at: Date | null;
  };
  repair_work: {
    id: number;
    repair_log_id: number;
    work: string;
    cost_minor: number;
    user_id: number | null;
    at: Date;
  };
  role_permissions: {
    role_id: number;
    resource: string;
    action: string;
  };
  roles: {
    id: number;
    title: string;
    created_at: Date;
    updated_at: Date;
  };
  sessions: {
    id: number;
    user_id: number;
    token_hash: Buffer;
    location_id: number | null;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    user_agent: string | null;
    ip: string | null;
  };
  sso_attempts: {
    state: string;
    provider: string;
    code_verifier: string;
    nonce: string;
    email_hint: string | null;
    location_id: number | null;
    login_code_hash: Buffer | null;
    user_id: number | null;
    created_at: Date;
    expires_at: Date;
    completed_at: Date | null;
  };
  sso_providers: {
    name: string;
    issuer: string;
    client_id: string;
    client_secret: string | null;
    email_domains: string[];
    enabled: boolean;
  };
  stock_levels: {
    product_id: number;
    location_id: number;
    quantity: number;
    updated_at: Date;
  };
  stocktake_lines: {
    stocktake_id: number;
    item_id: number;
    expected: boolean;
    scanned_at: Date | null;
    scanned_by: number | null;
  };
  stocktakes: {
    id: number;
    location_id: number;
    status: StocktakeStatus;
    started_by: number | null;
    approved_by: number | null;
    started_at: Date;
    closed_by: number | null;
    closed_at: Date | null;
    expected_count: number;
    missing_count: number | null;
    unexpected_count: number | null;
  };
  taxes: {
    id: number;
    name: string;
    rate_bp: number;
    is_active: boolean;
  };
  user_roles: {
    user_id: number;
    role_id: number;
    location_id: number;
  };
  user_settings: {
    user_id: number;
    key: string;
    value: unknown;
    updated_at: Date;
  };
  users: {
    id: number;
    name: string;
    email: string;
    password_hash: string | null;
    status: UserStatus;
    only_login_by_sso: boolean;
    sso_provider: string | null;
    access_key_hash: string | null;
    default_location_id: number | null;
    last_login_at: Date | null;
    password_changed_at: Date;
    password_expired_at: Date | null;
    expires_at: Date | null;
    created_at: Date;
    updated_at: Date;
  };
}
