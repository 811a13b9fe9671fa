// A string dictionary that only grows at its end: ids stay valid as entries are added (Arrow delta dictionaries).

/** Strings in first-seen order with their ids. */
export class GrowingDictionary {
  private readonly ids = new Map<string, number>();
  private readonly list: string[] = [];

  /** The entries so far (a live view: later `id` calls may append). */
  get entries(): readonly string[] {
    return this.list;
  }

  /** The id of `s`, added at the end when new. */
  id(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.list.length;
      this.ids.set(s, id);
      this.list.push(s);
    }
    return id;
  }

  /** Ids of `names` in order: maps a cell's local ids (index into `names`) to this dictionary's. */
  remap(names: readonly string[]): Int32Array {
    return Int32Array.from(names, (s) => this.id(s));
  }
}
