import { createHash, createPublicKey, verify } from 'node:crypto';
import { kioskProofMessage } from '@nine/shared/agent-protocol';
import { grants, isAction, isResource, type Permission, type Requirement } from '@nine/shared/permissions';
import { rows, type Queryable } from '../../db/sql.ts';
import type { Tables } from '../../db/tables.ts';

/** How long a kiosk registration challenge may be answered. */
export const KIOSK_CHALLENGE_TTL_SECONDS = 120;

/** What a kiosk device route needs, at the request's location and at the device's. */
export const kioskAccess: Requirement = { resource: 'location_setting', action: 'change' };

const P = 2n ** 255n - 19n;
/**
 * The y coordinates of the eight points of small order (x's sign bit aside). OpenSSL verifies a signature
 * made for such a "public key" without any private key (R = identity, S = 0 verifies for every message), so
 * it could register a device no agent holds.
 */
const SMALL_ORDER_Y = [
  '0000000000000000000000000000000000000000000000000000000000000000',
  '0100000000000000000000000000000000000000000000000000000000000000',
  'ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f',
  '26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05',
  'c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a',
].map((hex) => Buffer.from(hex, 'hex'));

/** A key no one can hold alone: a small-order point, or an encoding of y that is not below p. */
function isWeakKey(raw: Buffer): boolean {
  const y = Buffer.from(raw);
  y[31] = y[31]! & 0x7f;
  if (BigInt(`0x${Buffer.from(y).reverse().toString('hex')}`) >= P) return true;
  return SMALL_ORDER_Y.some((weak) => weak.equals(y));
}

/**
 * Whether `signature` is the Ed25519 signature, under the raw 32-byte `publicKey`, of the kiosk proof message
 * for this challenge, device and location.
 */
export function kioskSignatureHolds(proof: {
  publicKey: Buffer;
  signature: Buffer;
  challenge: string;
  deviceId: string;
  locationId: number;
}): boolean {
  if (proof.publicKey.length !== 32 || proof.signature.length !== 64 || isWeakKey(proof.publicKey))
    return false;
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: proof.publicKey.toString('base64url') },
      format: 'jwk',
    });
    const message = Buffer.from(kioskProofMessage(proof), 'utf8');
    return verify(null, message, key, proof.signature);
  } catch {
    return false;
  }
}

/** A short, stable name for a public key in lists and the audit log (never the key's owner's secret). */
export function keyFingerprint(publicKey: Buffer | null): string | null {
  return publicKey === null ? null : createHash('sha256').update(publicKey).digest('hex').slice(0, 16);
}

/**
 * Whether the user holds location_setting change at `locationId`, read on the transaction's own client (the
 * pool must not be asked for a second connection inside a transaction).
 */
export async function managesKioskLocation(
  client: Queryable,
  userId: number,
  locationId: number,
): Promise<boolean> {
  // LEFT JOIN: a role without permissions gives one row of nulls.
  const held = await rows<{
    resource: Tables['role_permissions']['resource'] | null;
    action: Tables['role_permissions']['action'] | null;
  }>(
    client,
    `SELECT DISTINCT rp.resource, rp.action FROM user_roles ur LEFT JOIN role_permissions rp ON rp.role_id = ur.role_id
     WHERE ur.user_id = $1 AND ur.location_id = $2`,
    [userId, locationId],
  );
  const permissions: Permission[] = held.flatMap((r) =>
    r.resource && r.action && isResource(r.resource) && isAction(r.action)
      ? [{ resource: r.resource, action: r.action }]
      : [],
  );
  return grants(permissions, kioskAccess);
}
