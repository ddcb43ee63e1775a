/**
 * Passwords (scrypt), bearer tokens (random, stored as SHA-256), and sealing
 * (AES-256-GCM) for secrets the platform must be able to read back.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's work factors: N (CPU and memory, a power of two), r (block size), p (parallelism). */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** Current guidance (OWASP): N=2^17, r=8, p=1, which takes 128 MiB and about a third of a second per hash. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** A stored hash asking for more memory than this is treated as malformed rather than computed. */
const MAX_SCRYPT_MEMORY = 1024 * 1024 * 1024;

/** scrypt needs about 128 x N x r bytes; maxmem gets twice that so the default cost (128 MiB) fits with room. */
function scryptMemory(cost: ScryptCost): number {
  return 2 * 128 * cost.N * cost.r;
}

function scryptAsync(password: string, salt: Buffer, cost: ScryptCost, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, { ...cost, maxmem: scryptMemory(cost) }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash`, both base64url; the cost is stored, so hashes made at another cost still verify. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The cost a stored hash was made with; null when it is not a well-formed scrypt hash. */
export function storedCost(stored: string | null): ScryptCost | null {
  const parts = (stored ?? '').split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (N === undefined || r === undefined || p === undefined) return null;
  if (![N, r, p].every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  return { N, r, p };
}

/** True when a stored hash was made at a lower cost than `cost` (it is upgraded at the next successful login). */
export function isWeakerThan(stored: string | null, cost: ScryptCost): boolean {
  const found = storedCost(stored);
  return found !== null && (found.N < cost.N || found.r < cost.r || found.p < cost.p);
}

/** Checks a password against a stored hash in constant time; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const cost = storedCost(stored);
  const parts = (stored ?? '').split('$');
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (cost === null || expected.length === 0 || scryptMemory(cost) > MAX_SCRYPT_MEMORY) return false;
  // scrypt refuses some stored parameters (N not a power of two): that hash is malformed too.
  const actual = await scryptAsync(password, salt, cost, expected.length).catch(() => null);
  return actual !== null && timingSafeEqual(actual, expected);
}

/** Hash of a high-entropy secret (tokens, passcodes, states): SHA-256, base64url. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Constant-time comparison of two secret hashes. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A bearer token `<id>-<secret>`: the id finds the row, the secret is checked against its hash. */
export interface IssuedToken {
  readonly id: string;
  readonly secret: string;
  readonly token: string;
}

export function newToken(): IssuedToken {
  const id = randomBytes(5).toString('hex');
  const secret = randomBytes(24).toString('base64url');
  return { id, secret, token: `${id}-${secret}` };
}

/** Splits `<id>-<secret>`; null when it is not of that shape. */
export function splitToken(token: string): { id: string; secret: string } | null {
  const match = /^([0-9a-f]{10})-([A-Za-z0-9_-]{16,})$/.exec(token);
  return match?.[1] !== undefined && match[2] !== undefined ? { id: match[1], secret: match[2] } : null;
}

/** A random string of `length` characters from an alphabet without look-alikes. */
export function randomCode(length: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** A fresh 256-bit key for sealing, base64url. */
export function newSealingKey(): string {
  return randomBytes(32).toString('base64url');
}

/** AES-256-GCM: base64url of `iv (12) || ciphertext || tag (16)`. */
export function seal(keyText: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyText, 'base64url'), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** Opens what `seal` produced; null when the key is wrong or the text was tampered with. */
export function unseal(keyText: string, sealed: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 12 + 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(keyText, 'base64url'), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
