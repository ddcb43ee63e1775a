/** Byte arrays by key, least recently used dropped past a budget of bytes. */
export class ByteLru {
  private readonly entries = new Map<string, Uint8Array>();
  private total = 0;

  constructor(private readonly budget: number) {}

  get(key: string): Uint8Array | undefined {
    const bytes = this.entries.get(key);
    if (bytes !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  set(key: string, bytes: Uint8Array): void {
    const old = this.entries.get(key);
    if (old !== undefined) this.total -= old.byteLength;
    this.entries.delete(key);
    this.entries.set(key, bytes);
    this.total += bytes.byteLength;
    for (const [first, dropped] of this.entries) {
      if (this.total <= this.budget || first === key) break;
      this.entries.delete(first);
      this.total -= dropped.byteLength;
    }
  }
}
