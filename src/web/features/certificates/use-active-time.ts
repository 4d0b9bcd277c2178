import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { HEARTBEAT_INTERVAL_MS, IDLE_AFTER_MS, type TimeOwner } from '../../../shared/certificate-hours';
import { trpc } from '../../trpc';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart', 'input'] as const;

/**
 * Counts active time on a week (decision 0245): a heartbeat every 30 s while the tab is visible
 * and someone touched the page in the last 2 minutes, one at once when the page becomes visible
 * again. The server credits only the time between accepted heartbeats, so a hidden or idle tab
 * counts nothing. `now` and `schedule` are injectable for tests.
 */
export function useActiveTime(
  weekNumber: number | null,
  who: TimeOwner | null,
  onCounted?: () => void,
  clock: { now: () => number } = Date,
) {
  const mutation = useMutation(trpc.certificates.heartbeat.mutationOptions({ onSuccess: () => onCounted?.() }));
  const send = useRef(mutation.mutate);
  send.current = mutation.mutate;

  useEffect(() => {
    if (weekNumber === null || who === null) return;
    let lastActivity = clock.now();
    const beat = () => {
      if (document.visibilityState !== 'visible') return;
      if (clock.now() - lastActivity > IDLE_AFTER_MS) return;
      send.current({ weekNumber, who });
    };
    const onActivity = () => {
      lastActivity = clock.now();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') {
        lastActivity = clock.now();
        beat();
      }
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    beat();
    const timer = window.setInterval(beat, HEARTBEAT_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [weekNumber, who, clock]);
}
