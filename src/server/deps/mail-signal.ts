/**
 * "There is new mail": services call wake() after queueing a message; the worker of this process
 * (if any: the command-line tasks have none, and the server's worker finds their rows at its next
 * poll) listens and sends soon instead of at its next poll.
 */
export class MailSignal {
  readonly #listeners = new Set<() => void>();

  wake(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Calls `listener` on every wake(); answers the function that stops it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
