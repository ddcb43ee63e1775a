import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeContentFile, invalidUtf8Offset } from '../../pipeline/content/decode.ts';
import { ContentError } from '../../pipeline/content/errors.ts';

const strict = new TextDecoder('utf-8', { fatal: true });

function decodes(bytes: Uint8Array): boolean {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

describe('strict UTF-8 reading of content files', () => {
  it('finds the first byte of the first invalid sequence', () => {
    expect(invalidUtf8Offset(Buffer.from('plain ascii'))).toBeNull();
    expect(invalidUtf8Offset(Buffer.from('é ✓ 😀'))).toBeNull();
    expect(invalidUtf8Offset(Uint8Array.from([0x61, 0xe9, 0x74]))).toBe(1); // Latin-1 é
    expect(invalidUtf8Offset(Uint8Array.from([0x61, 0xc0, 0xaf]))).toBe(1); // overlong
    expect(invalidUtf8Offset(Uint8Array.from([0x61, 0x62, 0xed, 0xa0, 0x80]))).toBe(2); // a surrogate
    expect(invalidUtf8Offset(Uint8Array.from([0x61, 0xf0, 0x9f, 0x98]))).toBe(1); // cut short
  });

  it('agrees with a fatal TextDecoder on any bytes, and everything before the offset decodes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        const offset = invalidUtf8Offset(bytes);
        expect(offset === null).toBe(decodes(bytes));
        if (offset !== null) expect(decodes(bytes.subarray(0, offset))).toBe(true);
      }),
    );
  });

  it('keeps a byte order mark as Node reads it, and names file and offset otherwise', () => {
    const withBom = Buffer.from('\uFEFF# Title\n');
    expect(decodeContentFile(withBom, 'a.md')).toBe(withBom.toString('utf8'));
    const error = (() => {
      try {
        decodeContentFile(Uint8Array.from([0x23, 0x20, 0xff]), 'docs/b.md');
      } catch (thrown) {
        return thrown;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toBe('docs/b.md: is not valid UTF-8 (byte offset 2); save it as UTF-8');
  });
});
