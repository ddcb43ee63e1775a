import { describe, expect, it } from 'vitest';
import { hashPassword, hashSecret, newSealingKey, newToken, sameHash, seal, splitToken, unseal, verifyPassword } from '../../pipeline/platform/secrets.ts';

describe('passwords', () => {
  it('hashes with scrypt and a fresh salt, and verifies', async () => {
    const first = await hashPassword('Blue-Otter-Rides-42');
    const second = await hashPassword('Blue-Otter-Rides-42');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Blue-Otter');
    expect(await verifyPassword('Blue-Otter-Rides-42', first)).toBe(true);
    expect(await verifyPassword('blue-otter-rides-42', first)).toBe(false);
  });

  it('refuses a missing or malformed hash', async () => {
    for (const stored of [null, '', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$c2FsdA$aGFzaA']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});

describe('tokens', () => {
  it('are random, split into id and secret, and stored as a hash', () => {
    const tokens = Array.from({ length: 50 }, () => newToken());
    expect(new Set(tokens.map((t) => t.token)).size).toBe(50);
    for (const token of tokens) {
      expect(splitToken(token.token)).toEqual({ id: token.id, secret: token.secret });
      expect(hashSecret(token.secret)).not.toContain(token.secret);
      expect(sameHash(hashSecret(token.secret), hashSecret(token.secret))).toBe(true);
    }
    expect(sameHash(hashSecret('a'), hashSecret('b'))).toBe(false);
  });

  it('refuses strings that are not tokens', () => {
    for (const text of ['', 'abc', 'abcdef0123', 'ABCDEF0123-secretsecretsecret', 'abcdef0123-short', 'abcdef0123-has space in it!!']) {
      expect(splitToken(text)).toBeNull();
    }
  });
});

describe('sealing', () => {
  it('round-trips with the key and fails with another key or any change', () => {
    const key = newSealingKey();
    const sealed = seal(key, 'abcdef0123-the-secret');
    expect(sealed).not.toContain('the-secret');
    expect(seal(key, 'abcdef0123-the-secret')).not.toBe(sealed);
    expect(unseal(key, sealed)).toBe('abcdef0123-the-secret');
    expect(unseal(newSealingKey(), sealed)).toBeNull();
    const raw = Buffer.from(sealed, 'base64url');
    raw[raw.length - 20] = (raw[raw.length - 20] ?? 0) ^ 1;
    expect(unseal(key, raw.toString('base64url'))).toBeNull();
    expect(unseal(key, 'short')).toBeNull();
  });
});
