/**
 * The password rules, checked in order; the first that fails is the answer.
 * 1. 8 to 128 characters.
 * 2. At least 5 different characters.
 * 3. Not one of the most common passwords (compared case-insensitively, digits and symbols at the ends ignored).
 * 4. Not containing the account's username or the local part of its email (when 4+ characters).
 * 5. An estimated strength of at least 50 bits: length x log2(size of the character classes used).
 */

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;
const PASSWORD_MIN_BITS = 50;

const COMMON = new Set([
  'password', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'qwerty', 'qwertyuiop', 'letmein', 'welcome', 'admin', 'administrator',
  'iloveyou', 'monkey', 'dragon', 'football', 'baseball', 'sunshine', 'princess', 'trustno1', 'abc123', 'abcdefgh',
  '123456', '12345678', '123456789', '1234567890', '11111111', '00000000', '1q2w3e4r', 'zaq12wsx', 'changeme', 'secret',
  'superman', 'starwars', 'whatever', 'computer', 'michael', 'shadow', 'master', 'login', 'access', 'default',
]);

export interface PasswordContext {
  readonly username?: string;
  readonly email?: string;
}

/** Estimated bits: length times log2 of the pool of character classes present. */
export function estimateBits(password: string): number {
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(password)) pool += 33;
  return pool === 0 ? 0 : [...password].length * Math.log2(pool);
}

/** Null when the password passes every rule, else why not (one sentence). */
export function checkPassword(password: string, context: PasswordContext = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  if (new Set(password).size < 5) return 'Password must use at least 5 different characters.';
  const core = password.toLowerCase().replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (COMMON.has(password.toLowerCase()) || COMMON.has(core)) return 'Password is too common.';
  const lowered = password.toLowerCase();
  const personal = [context.username, context.email?.split('@')[0]]
    .filter((part): part is string => part !== undefined && part.length >= 4)
    .map((part) => part.toLowerCase());
  if (personal.some((part) => lowered.includes(part))) return 'Password must not contain your username or email.';
  if (estimateBits(password) < PASSWORD_MIN_BITS) {
    return 'Password is too weak: make it longer or mix upper case, lower case, digits and symbols.';
  }
  return null;
}
