// A long list for `--json`, serialised one item at a time and written in pieces as it goes: the
// runner never builds a second object per item nor the whole text at once, which for 50,000
// tasks cost more time and memory than reading them.

export class JsonList<T> {
  constructor(
    readonly items: readonly T[],
    /** The item's compact JSON text. */
    readonly itemJson: (item: T) => string,
  ) {}

  /** The whole list as compact JSON, in pieces of about `pieceBytes` characters. */
  *pieces(pieceBytes = 1 << 20): Generator<string> {
    let piece = "["
    for (let i = 0; i < this.items.length; i++) {
      piece += (i === 0 ? "" : ",") + this.itemJson(this.items[i]!)
      if (piece.length >= pieceBytes) {
        yield piece
        piece = ""
      }
    }
    yield piece + "]"
  }
}
