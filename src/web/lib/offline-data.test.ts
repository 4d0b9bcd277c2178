import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionCache } from './session-cache';
import { DATA_CACHE } from '../sw/offline-data';

afterEach(() => vi.unstubAllGlobals());

describe('the data the service worker kept for offline use', () => {
  it('is emptied on every sign-in and sign-out, before the next user’s queries run (decision 0266)', async () => {
    const order: string[] = [];
    const deleteCache = vi.fn(async (name: string) => {
      order.push(`delete ${name}`);
      return true;
    });
    vi.stubGlobal('caches', { delete: deleteCache });
    const queryClient = new QueryClient();
    const reset = vi.spyOn(queryClient, 'resetQueries').mockImplementation(async () => {
      order.push('reset queries');
    });
    await resetSessionCache(queryClient);
    expect(deleteCache).toHaveBeenCalledWith(DATA_CACHE);
    expect(reset).toHaveBeenCalled();
    expect(order).toEqual([`delete ${DATA_CACHE}`, 'reset queries']);
  });

  it('does not stand in the way where the browser refuses storage', async () => {
    vi.stubGlobal('caches', { delete: () => Promise.reject(new Error('SecurityError')) });
    const queryClient = new QueryClient();
    await expect(resetSessionCache(queryClient)).resolves.toBeUndefined();
  });
});
