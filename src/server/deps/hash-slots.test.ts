import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { HASHING_BUSY, HashSlots } from './hash-slots';

/** A task that runs until the test lets it finish. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  let started = false;
  const task = () => {
    started = true;
    return done;
  };
  return { task, finish, started: () => started };
}

describe('HashSlots', () => {
  it('runs at most maxRunning tasks at once and queues up to maxWaiting, in order', async () => {
    const slots = new HashSlots(2, 2);
    const tasks = [held(), held(), held(), held()];
    const order: number[] = [];
    const runs = tasks.map((t, i) =>
      slots.run(async () => {
        await t.task();
        order.push(i);
      }),
    );
    await Promise.resolve();
    expect(tasks.map((t) => t.started())).toEqual([true, true, false, false]);
    expect(slots.load).toEqual({ running: 2, waiting: 2 });
    tasks[1]!.finish();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks.map((t) => t.started())).toEqual([true, true, true, false]);
    for (const t of tasks) t.finish();
    await Promise.all(runs);
    expect(order).toEqual([1, 0, 2, 3]);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once with 429 and when to retry once the queue is full, and frees a failed task's slot", async () => {
    const slots = new HashSlots(1, 1);
    const first = held();
    const second = held();
    const runs = [slots.run(first.task), slots.run(second.task)];
    const refused = await slots.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 429, message: HASHING_BUSY, extra: { retryAfterSeconds: 2 } });
    expect(HASHING_BUSY).toMatch(/try again in \d+ seconds/);
    first.finish();
    second.finish();
    await Promise.all(runs);
    await expect(
      slots.run(async () => {
        throw new Error('scrypt failed');
      }),
    ).rejects.toThrow('scrypt failed');
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
    await expect(slots.run(async () => 'ok')).resolves.toBe('ok');
  });
});
