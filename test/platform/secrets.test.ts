import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCRYPT_COST, hashPassword, hashSecret, isWeakerThan, newSealingKey, newToken, sameHash, seal, splitToken, storedCost, unseal, verifyPassword,
} from '../../platform/secrets.ts';

describe('passwords', () => {
  it('hashes with scrypt at N=2^17, r=8, p=1 by default, with a fresh salt, and verifies', async () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const first = await hashPassword('Blue-Otter-Rides-42');
    const second = await hashPassword('Blue-Otter-Rides-42');
    expect(first).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('Blue-Otter');
    expect(await verifyPassword('Blue-Otter-Rides-42', first)).toBe(true);
    expect(await verifyPassword('blue-otter-rides-42', first)).toBe(false);
  });

  it('verifies hashes made at another cost (the cost is stored in the hash)', async () => {
    const old = await hashPassword('Blue-Otter-Rides-42', { N: 16384, r: 8, p: 1 });
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Blue-Otter-Rides-42', old)).toBe(true);
    expect(storedCost(old)).toEqual({ N: 16384, r: 8, p: 1 });
    expect(isWeakerThan(old, DEFAULT_SCRYPT_COST)).toBe(true);
    expect(isWeakerThan(await hashPassword('x', DEFAULT_SCRYPT_COST), DEFAULT_SCRYPT_COST)).toBe(false);
    expect(isWeakerThan(null, DEFAULT_SCRYPT_COST)).toBe(false);
  });

  it('refuses a missing or malformed hash', async () => {
    const unusable = ['scrypt$1000$8$1$c2FsdA$aGFzaA', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA', 'scrypt$x$8$1$c2FsdA$aGFzaA'];
    for (const stored of [null, '', 'plain', 'scrypt$1$2$3', 'bcrypt$16384$8$1$c2FsdA$aGFzaA', ...unusable]) {
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
