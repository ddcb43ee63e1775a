import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPassword, estimateBits } from '../../platform/password-rules.ts';

describe('password rules', () => {
  it.each([
    ['short', 'Password must be at least 8 characters long.'],
    ['x'.repeat(129), 'Password must be at most 128 characters long.'],
    ['abababab', 'Password must use at least 5 different characters.'],
    ['Password123!', 'Password is too common.'],
    ['12345678', 'Password is too common.'],
    ['qwertyuiop', 'Password is too common.'],
    ['zebrafox', 'Password is too weak: make it longer or mix upper case, lower case, digits and symbols.'],
    ['Abc12345', 'Password is too weak: make it longer or mix upper case, lower case, digits and symbols.'],
  ])('refuses %s', (password, reason) => {
    expect(checkPassword(password)).toBe(reason);
  });

  it.each(['Blue-Otter-Rides-42', 'correct horse battery staple', 'Tr0ub4dor&3x', 'kx8#Lq2!vR'])('accepts %s', (password) => {
    expect(checkPassword(password)).toBeNull();
  });

  it("refuses a password holding the account's username or email name", () => {
    expect(checkPassword('my-Alice-2024-pass', { username: 'alice' })).toBe('Password must not contain your username or email.');
    expect(checkPassword('xx-Jordan.Lee-99', { email: 'jordan.lee@example.com' })).toBe('Password must not contain your username or email.');
    expect(checkPassword('Blue-Otter-Rides-42', { username: 'bob', email: 'bob@example.com' })).toBeNull();
  });

  it('estimates strength from length and the character classes used', () => {
    expect(estimateBits('')).toBe(0);
    expect(estimateBits('aaaaaaaaaa')).toBeCloseTo(10 * Math.log2(26));
    expect(estimateBits('aA1!')).toBeCloseTo(4 * Math.log2(95));
  });

  it('never throws and answers a sentence or null (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), (password) => {
      const result = checkPassword(password);
      expect(result === null || /\.$/.test(result)).toBe(true);
    }));
  });
});
