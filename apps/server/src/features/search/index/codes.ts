/** Strings to small numbers and back; code 0 is "none". */
export class Codes {
  /** `limit`: how many codes there may be (an enumeration's radix, "none" included), and what they are codes of. */
  constructor(private readonly limit?: { codes: number; of: string }) {}
  readonly values: (string | null)[] = [null];
  private readonly byValue = new Map<string, number>();
  /** The value asked for last and its code: the catalogue is stored pack by pack, so rows often repeat it. */
  private last: string | null = null;
  private lastCode = 0;
  code(value: string | null): number {
    if (value === null) return 0;
    if (value === this.last) return this.lastCode;
    let c = this.byValue.get(value);
    if (c === undefined) {
      c = this.values.length;
      if (this.limit && c >= this.limit.codes) throw new Error(`${this.limit.of} has more values than the contract declares`);
      this.values.push(value);
      this.byValue.set(value, c);
    }
    this.last = value;
    this.lastCode = c;
    return c;
  }
  find(value: string): number | undefined {
    return this.byValue.get(value);
  }
  /** The codes of a saved index, in the same order (code 0 stays "none"). */
  static of(values: readonly (string | null)[], limit?: { codes: number; of: string }): Codes {
    const codes = new Codes(limit);
    for (const value of values.slice(1)) codes.code(value);
    return codes;
  }
}

/** Strings in code point order (as PostgreSQL's C collation orders ids and words). */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
