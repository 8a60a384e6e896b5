/**
 * One piece of work per table at a time in this process (STYLE.md point 5: the server runs one turn
 * per table at a time). Across instances the (table_id, seq) key of the event store decides.
 */
export class TableQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `work` after every earlier piece of work on this table has finished, failed or not. */
  run<T>(tableId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(tableId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.tails.set(tableId, settled);
    void settled.then(() => {
      if (this.tails.get(tableId) === settled) this.tails.delete(tableId);
    });
    return next;
  }
}
