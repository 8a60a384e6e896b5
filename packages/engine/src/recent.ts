/**
 * A cache keyed by object identity for what the engine works out of immutable objects (a tree's
 * index, a situation's sight and views): the few keys in use now in a small table, the others in a
 * WeakMap.
 *
 * Why not only a WeakMap: most keys here live for one move or one turn (every move makes a new
 * root and situation), and V8 lets a WeakMap entry of a young key go only in a full collection, so
 * every value kept in one survives the young collections, is copied to the old space and costs a
 * full collection later (measured: a loop that keeps a small array per fresh key in a WeakMap runs
 * seven times slower than one that keeps none). The table holds strong references to at most
 * `size` keys; a key pushed out of it moves to the WeakMap only if it is marked lasting (markLasting:
 * a table holder's live situation and the one before it, and their roots), so a table's situation
 * keeps its sight, views and index between two turns however many other tables played in between,
 * while the many situations of one turn are simply forgotten.
 */
/** Keys whose cached values outlive their place in a RecentCache's table (a WeakSet keeps no values). */
const lasting = new WeakSet<object>();

/** Marks objects whose cached values are kept after the table pushes them out (see RecentCache). */
export function markLasting(...keys: object[]): void {
  for (const key of keys) lasting.add(key);
}

/** Whether markLasting holds for `key`. */
export function isLasting(key: object): boolean {
  return lasting.has(key);
}

/** Ends markLasting: the values are then forgotten when pushed out, as for any key. */
export function unmarkLasting(...keys: object[]): void {
  for (const key of keys) lasting.delete(key);
}

export class RecentCache<K extends object, V> {
  private readonly keys: (K | undefined)[];
  private readonly values: (V | undefined)[];
  private readonly used: number[];
  private clock = 0;
  private readonly older = new WeakMap<K, V>();

  constructor(
    private readonly size: number,
    private readonly keepOlder = true,
  ) {
    this.keys = new Array<K | undefined>(size).fill(undefined);
    this.values = new Array<V | undefined>(size).fill(undefined);
    this.used = new Array<number>(size).fill(0);
  }

  private find(key: K): number {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return i;
    return -1;
  }

  get(key: K): V | undefined {
    const i = this.find(key);
    if (i >= 0) {
      this.used[i] = ++this.clock;
      return this.values[i];
    }
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.set(key, old);
    }
    return old;
  }

  set(key: K, value: V): void {
    let i = this.find(key);
    if (i < 0) {
      // The least recently used slot (a free one has used 0) makes room; its key moves to the WeakMap.
      i = 0;
      for (let j = 1; j < this.size; j++) if ((this.used[j] as number) < (this.used[i] as number)) i = j;
      const out = this.keys[i];
      if (out !== undefined && this.keepOlder && lasting.has(out)) this.older.set(out, this.values[i] as V);
      this.keys[i] = key;
    }
    this.values[i] = value;
    this.used[i] = ++this.clock;
  }

  /** Removes `key` and answers its value: for a value handed on to a new key (see tree.ts). */
  take(key: K): V | undefined {
    const i = this.find(key);
    if (i < 0) {
      const old = this.older.get(key);
      if (old !== undefined) this.older.delete(key);
      return old;
    }
    const value = this.values[i];
    this.keys[i] = undefined;
    this.values[i] = undefined;
    this.used[i] = 0;
    return value;
  }
}
