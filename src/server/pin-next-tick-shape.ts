import { createHook } from 'node:async_hooks';

/**
 * Keeps one of Node's `process.nextTick` queue entries alive for the life of the process, so the
 * hidden class ("map") V8 gave those entries can never be collected (decision 0086).
 *
 * Node builds each queue entry with an object literal whose first keys are computed
 * (`{ [async_id_symbol]: id, [trigger_async_id_symbol]: trigger, callback, args }`; Node 22 and 24
 * add a third computed key, `[async_context_frame]`). V8 keeps
 * only a monomorphic or a megamorphic state for such keys, and the maps involved are held weakly:
 * when a major garbage collection finds no entry alive (the queue is empty most of the time), the
 * maps go, the next entry gets new ones, and that literal turns megamorphic for good. From then on
 * every `nextTick` (Node's streams call it several times per HTTP request) goes through V8's
 * runtime: about 5 µs more server CPU per request, in about a third of the server processes
 * measured. One entry held here keeps the maps, and so the fast path, alive (the trigger is our
 * reading of V8; the effect is measured: decision 0086).
 *
 * The entry is caught with an async hook that is enabled for one `nextTick` call and disabled
 * again; nothing else observes it. Import this module before anything else (main.ts does).
 */
export function pinNextTickShape(): object | undefined {
  let entry: object | undefined;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject') entry ??= resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
  return entry;
}

/** The pinned entry: referenced from this module, so it lives as long as the process. */
export const pinnedNextTickEntry = pinNextTickShape();
