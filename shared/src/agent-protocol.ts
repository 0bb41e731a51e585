import { z } from 'zod';
import { receiptDocument } from './receipt.ts';

/**
 * The wire protocol between the back office (browser) and the counter agent, over a localhost websocket.
 * Every frame is a JSON object carrying `v` (the protocol version). Three kinds of frames:
 * - request  (browser -> agent): `{ v, id, type, payload, token? }`
 * - reply    (agent -> browser): `{ v, id, ok: true, result }` or `{ v, id, ok: false, error: { code, message } }`
 * - event    (agent -> browser): `{ v, event, payload }`
 * Both ends validate with the schemas below; the agent answers anything it cannot parse with an error reply.
 */

/**
 * Exact-match on both ends, so bumping it cuts off every agent already installed. Additive changes (a new
 * request type, a new optional field) keep it: an older agent answers an unknown type with `unknown-type`.
 */
export const AGENT_PROTOCOL_VERSION = 1;
export const AGENT_DEFAULT_PORT = 17900;
/** The websocket path and the status path on the agent's main port. */
export const AGENT_WS_PATH = '/ws';
export const AGENT_STATUS_PATH = '/status';

const version = z.literal(AGENT_PROTOCOL_VERSION);
const requestId = z.string().min(1).max(128);
const token = z.string().min(16).max(256);
const deviceId = z.string().min(1).max(64);
const isoTime = z.iso.datetime({ offset: true });

// ---------------------------------------------------------------- devices

export const printerInfo = z.object({
  id: deviceId,
  name: z.string(),
  /** The driver behind it: 'simulated', 'tcp', 'usb', 'device'. */
  kind: z.string(),
  paperWidthMm: z.union([z.literal(58), z.literal(80)]),
  /** Printable dots per line (384 on most 58 mm heads, 576 or 512 on 80 mm). */
  dotsPerLine: z.int().positive(),
  /** Characters per line in font A (32 on 384 dots, 48 on 576 dots). */
  columns: z.int().positive(),
});
export type PrinterInfo = z.infer<typeof printerInfo>;

export const scannerInfo = z.object({ id: deviceId, name: z.string(), kind: z.string() });
export type ScannerInfo = z.infer<typeof scannerInfo>;

/**
 * - `ready`: the printer answered and can print (paper may be near its end).
 * - `offline`: it cannot print: unreachable, or it reported offline, cover open, paper out or a cutter error.
 * - `unknown`: reachable, but it did not answer the status query in time (many never answer `DLE EOT`).
 */
export const printerStates = ['ready', 'offline', 'unknown'] as const;
export type PrinterState = (typeof printerStates)[number];

/** `null` means the printer does not report it (many never answer DLE EOT). */
export const printerStatus = z.object({
  state: z.enum(printerStates),
  /** True only when the printer is known to be able to print (`state` is `ready`). */
  online: z.boolean(),
  coverOpen: z.boolean().nullable(),
  paperOut: z.boolean().nullable(),
  paperNearEnd: z.boolean().nullable(),
  cutterError: z.boolean().nullable(),
  /** Why it is offline or unknown, in words for staff. */
  error: z.string().optional(),
});
export type PrinterStatus = z.infer<typeof printerStatus>;

/**
 * `needs-confirmation`: the agent stopped while the job's bytes were going to a printer that cannot take a
 * repeat harmlessly, so it may or may not be on paper. It is never sent again by itself: a person checks
 * the printer and answers with `resolve-job` (it printed: `done`; print again: re-queued once).
 */
export const jobStates = ['queued', 'printing', 'done', 'failed', 'needs-confirmation'] as const;
export type JobState = (typeof jobStates)[number];

export const jobInfo = z.object({
  jobId: z.string(),
  printerId: deviceId,
  status: z.enum(jobStates),
  /** Why it failed, why a queued job waits (printer offline), or why it may have printed. */
  reason: z.string().optional(),
  /** How many times a person asked to print it again after `needs-confirmation`; absent for none. */
  reprints: z.int().nonnegative().optional(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type JobInfo = z.infer<typeof jobInfo>;

// ---------------------------------------------------------------- kiosk identity

export const KIOSK_PROOF_ALGORITHM = 'Ed25519';
const printableAscii = /^[\x21-\x7e]+$/;
/** The agent's id for its PC (a UUID in practice); printable so the signed message cannot be ambiguous. */
export const kioskDeviceId = z
  .string()
  .min(1)
  .max(64)
  .regex(printableAscii, 'printable ASCII without spaces');
/** The server's challenge (base64url of random bytes in practice). */
export const kioskChallenge = z
  .string()
  .min(16)
  .max(256)
  .regex(printableAscii, 'printable ASCII without spaces');
/** base64url of the raw 32-byte Ed25519 public key. */
export const kioskPublicKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'a base64url Ed25519 public key');
/** base64url of the 64-byte Ed25519 signature. */
export const kioskSignature = z.string().regex(/^[A-Za-z0-9_-]{86}$/, 'a base64url Ed25519 signature');

/**
 * The bytes the kiosk signature covers. The versioned prefix keeps the signature from meaning anything else;
 * the location, the device id and the server's single-use challenge bind it to one registration. The server
 * builds the same string from the challenge it stored to verify.
 */
export function kioskProofMessage(proof: {
  challenge: string;
  deviceId: string;
  locationId: number;
}): string {
  return `nine-kiosk-registration-v2\nlocation:${proof.locationId}\ndevice:${proof.deviceId}\nchallenge:${proof.challenge}`;
}

// ---------------------------------------------------------------- requests

export const printJob = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('receipt'),
    receipt: receiptDocument,
    cut: z.boolean().default(true),
    openDrawer: z.boolean().default(false),
  }),
  z.object({
    kind: z.literal('text'),
    text: z.string().min(1).max(64_000),
    cut: z.boolean().default(true),
    openDrawer: z.boolean().default(false),
  }),
]);
export type PrintJob = z.output<typeof printJob>;

export const jobResolutions = ['printed', 'reprint'] as const;
export type JobResolution = (typeof jobResolutions)[number];

/** The one-time code the agent shows; also the pairing form's schema in the web app. */
export const pairPayload = z.object({ code: z.string().regex(/^\d{6}$/, 'six digits') });

const payloads = {
  /** Any connection may say hello; a valid token in it marks the connection as paired. */
  hello: z.object({ token: token.optional(), client: z.string().max(128).optional() }).default({}),
  /** Exchanges the one-time code the agent shows for a token the browser keeps. */
  pair: pairPayload,
  print: z.object({
    /** Default: the agent's first printer. */
    printerId: deviceId.optional(),
    /** A retried request with the same key returns the first job instead of printing twice. */
    idempotencyKey: z.string().min(1).max(128).optional(),
    job: printJob,
  }),
  'printer-status': z.object({ printerId: deviceId.optional() }).default({}),
  'job-status': z.object({ jobId: z.string().min(1).max(64) }),
  /**
   * A person's answer for a `needs-confirmation` job: `printed` marks it `done` and prints nothing;
   * `reprint` queues it once more. A job no longer awaiting confirmation is returned unchanged, so a
   * repeated answer never prints twice.
   */
  'resolve-job': z.object({
    jobId: z.string().min(1).max(64),
    resolution: z.enum(jobResolutions),
  }),
  /**
   * Proves which counter PC this is, for the server's set-as-kiosk: the agent signs the server's single-use
   * challenge, bound to the location being registered, with the Ed25519 private key it keeps. The reply
   * carries the public key and the signature only; no secret ever leaves the agent.
   */
  'kiosk-identity': z.object({
    challenge: kioskChallenge,
    locationId: z.int().positive(),
  }),
} as const;

export type AgentRequestType = keyof typeof payloads;
export const agentRequestTypes = Object.keys(payloads) as AgentRequestType[];
/** Requests that need a paired connection or a valid `token` on the request. */
export const privilegedRequestTypes: readonly AgentRequestType[] = [
  'print',
  'printer-status',
  'job-status',
  'resolve-job',
  'kiosk-identity',
];

const requestSchemas = agentRequestTypes.map((type) =>
  z.object({
    v: version,
    id: requestId,
    type: z.literal(type),
    payload: payloads[type],
    token: token.optional(),
  }),
);

type RequestOf<T extends AgentRequestType> = {
  v: typeof AGENT_PROTOCOL_VERSION;
  id: string;
  type: T;
  payload: z.output<(typeof payloads)[T]>;
  token?: string | undefined;
};
/** A validated request, discriminated on `type`. */
export type AgentRequest = { [T in AgentRequestType]: RequestOf<T> }[AgentRequestType];
/** What a client sends (payload defaults optional). */
export type AgentRequestInput<T extends AgentRequestType = AgentRequestType> = {
  v: typeof AGENT_PROTOCOL_VERSION;
  id: string;
  type: T;
  payload?: z.input<(typeof payloads)[T]>;
  token?: string;
};

// ---------------------------------------------------------------- results

export const agentResults = {
  hello: z.object({
    name: z.literal('nine-agent'),
    version: z.string(),
    protocol: version,
    simulated: z.boolean(),
    /** Whether this connection is paired (a valid token was presented). */
    paired: z.boolean(),
    printers: z.array(printerInfo),
    scanners: z.array(scannerInfo),
  }),
  pair: z.object({ token }),
  print: z.object({ job: jobInfo }),
  'printer-status': z.object({
    printers: z.array(z.object({ printerId: deviceId, status: printerStatus })),
  }),
  'job-status': z.object({ job: jobInfo }),
  'resolve-job': z.object({ job: jobInfo }),
  'kiosk-identity': z.object({
    deviceId: kioskDeviceId,
    /** The PC's name (host name unless configured). */
    name: z.string().min(1).max(128),
    algorithm: z.literal(KIOSK_PROOF_ALGORITHM),
    /** The device's public key; the private key never leaves the agent. */
    publicKey: kioskPublicKey,
    /** The request's challenge and location, echoed. */
    challenge: z.string(),
    locationId: z.int().positive(),
    /** base64url Ed25519 signature of `kioskProofMessage({ challenge, deviceId, locationId })`. */
    signature: kioskSignature,
  }),
} as const satisfies Record<AgentRequestType, z.ZodType>;
export type AgentResult<T extends AgentRequestType> = z.output<(typeof agentResults)[T]>;

// ---------------------------------------------------------------- replies and events

export const agentErrorCodes = [
  /** The frame is not JSON, or not UTF-8 text. */
  'bad-json',
  /** JSON, but not a request envelope (no id, no type). */
  'bad-envelope',
  'unsupported-version',
  'unknown-type',
  'invalid-payload',
  /** A privileged call without a valid token. */
  'unauthorized',
  /** Wrong pairing code (the reply says how many tries are left). */
  'pairing-failed',
  /** No pairing code is active (expired, used or burned): generate a new one on the agent. */
  'pairing-unavailable',
  'printer-not-found',
  'job-not-found',
  /** A print job that cannot be laid out on the printer's paper (a barcode or QR code wider than the head). */
  'layout-does-not-fit',
  'internal',
] as const;
export type AgentErrorCode = (typeof agentErrorCodes)[number];

export const agentError = z.object({ code: z.string(), message: z.string() });
export type AgentError = { code: AgentErrorCode; message: string };

export const agentReply = z.discriminatedUnion('ok', [
  z.object({ v: version, id: requestId.nullable(), ok: z.literal(true), result: z.unknown() }),
  z.object({ v: version, id: requestId.nullable(), ok: z.literal(false), error: agentError }),
]);
export type AgentOkReply<T extends AgentRequestType = AgentRequestType> = {
  v: typeof AGENT_PROTOCOL_VERSION;
  id: string;
  ok: true;
  result: AgentResult<T>;
};
/** `id` is null when the frame was too broken to read one. */
export type AgentErrorReply = {
  v: typeof AGENT_PROTOCOL_VERSION;
  id: string | null;
  ok: false;
  error: AgentError;
};
export type AgentReply = AgentOkReply | AgentErrorReply;

export const agentEventPayloads = {
  scan: z.object({ scannerId: deviceId, code: z.string().min(1).max(4096), at: isoTime }),
  'printer-status': z.object({ printerId: deviceId, status: printerStatus }),
  'job-status': jobInfo,
} as const;
export type AgentEventType = keyof typeof agentEventPayloads;
export type AgentEventPayload<E extends AgentEventType> = z.output<(typeof agentEventPayloads)[E]>;
export type AgentEvent = {
  [E in AgentEventType]: { v: typeof AGENT_PROTOCOL_VERSION; event: E; payload: AgentEventPayload<E> };
}[AgentEventType];

const eventFrame = <E extends AgentEventType>(event: E) =>
  z.object({ v: version, event: z.literal(event), payload: agentEventPayloads[event] });
export const agentEvent = z.discriminatedUnion('event', [
  eventFrame('scan'),
  eventFrame('printer-status'),
  eventFrame('job-status'),
]);

// ---------------------------------------------------------------- builders

export function okReply<T extends AgentRequestType>(id: string, result: AgentResult<T>): AgentOkReply<T> {
  return { v: AGENT_PROTOCOL_VERSION, id, ok: true, result };
}

export function errorReply(id: string | null, code: AgentErrorCode, message: string): AgentErrorReply {
  return { v: AGENT_PROTOCOL_VERSION, id, ok: false, error: { code, message } };
}

export function makeEvent<E extends AgentEventType>(event: E, payload: AgentEventPayload<E>): AgentEvent {
  return { v: AGENT_PROTOCOL_VERSION, event, payload } as AgentEvent;
}

// ---------------------------------------------------------------- parsing

export type ParsedRequest = { ok: true; request: AgentRequest } | { ok: false; reply: AgentErrorReply };

const MAX_ISSUES_IN_MESSAGE = 3;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, MAX_ISSUES_IN_MESSAGE)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonText(input: unknown): { ok: true; value: unknown } | { ok: false } {
  if (typeof input !== 'string') return { ok: true, value: input };
  try {
    return { ok: true, value: JSON.parse(input) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Turns anything received (a text frame or an already parsed value) into a typed request, or into the error
 * reply to send back. Never throws.
 */
export function parseAgentRequest(input: unknown): ParsedRequest {
  const json = parseJsonText(input);
  if (!json.ok) return { ok: false, reply: errorReply(null, 'bad-json', 'the message is not valid JSON') };
  const frame = json.value;
  if (!isRecord(frame)) {
    return { ok: false, reply: errorReply(null, 'bad-envelope', 'a request is a JSON object') };
  }
  const idCheck = requestId.safeParse(frame.id);
  const id = idCheck.success ? idCheck.data : null;
  if (id === null) {
    return {
      ok: false,
      reply: errorReply(null, 'bad-envelope', 'id: a non-empty string of at most 128 characters'),
    };
  }
  if (frame.v !== AGENT_PROTOCOL_VERSION) {
    return {
      ok: false,
      reply: errorReply(id, 'unsupported-version', `protocol version ${AGENT_PROTOCOL_VERSION} expected`),
    };
  }
  const type = frame.type;
  const index = typeof type === 'string' ? agentRequestTypes.indexOf(type as AgentRequestType) : -1;
  const schema = requestSchemas[index];
  if (schema === undefined) {
    const shown = typeof type === 'string' ? `'${type.slice(0, 64)}'` : 'missing';
    return { ok: false, reply: errorReply(id, 'unknown-type', `unknown request type ${shown}`) };
  }
  const parsed = schema.safeParse(frame);
  if (!parsed.success) {
    return { ok: false, reply: errorReply(id, 'invalid-payload', describeIssues(parsed.error)) };
  }
  return { ok: true, request: parsed.data as AgentRequest };
}

export type ParsedAgentMessage =
  | { kind: 'reply'; reply: AgentReply }
  | { kind: 'event'; event: AgentEvent }
  | { kind: 'invalid'; message: string };

/**
 * The browser's side: validates a frame from the agent. A reply's `result` is checked against the schema of
 * the request it answers when `typeOf(id)` names it.
 */
export function parseAgentMessage(
  input: unknown,
  typeOf: (id: string) => AgentRequestType | undefined = () => undefined,
): ParsedAgentMessage {
  const json = parseJsonText(input);
  if (!json.ok) return { kind: 'invalid', message: 'not JSON' };
  const frame = json.value;
  if (isRecord(frame) && 'event' in frame) {
    const event = agentEvent.safeParse(frame);
    return event.success
      ? { kind: 'event', event: event.data as AgentEvent }
      : { kind: 'invalid', message: describeIssues(event.error) };
  }
  const reply = agentReply.safeParse(frame);
  if (!reply.success) return { kind: 'invalid', message: describeIssues(reply.error) };
  const data = reply.data;
  if (data.ok && data.id !== null) {
    const type = typeOf(data.id);
    if (type !== undefined) {
      const result = agentResults[type].safeParse(data.result);
      if (!result.success) return { kind: 'invalid', message: describeIssues(result.error) };
      return { kind: 'reply', reply: { ...data, id: data.id, result: result.data } as AgentReply };
    }
  }
  return { kind: 'reply', reply: data as AgentReply };
}
