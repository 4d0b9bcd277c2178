import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and while React hydrates it, true once the app has taken over (the
 * server snapshot is what hydration uses, then React renders again with the client's).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * The type of a form's submit button on a hydrated page (`/`, decision 0136): a plain button in the
 * prerendered HTML, so a press before the app has taken over does nothing (the plain HTML form would
 * otherwise be sent as a GET, reloading the page with what was typed in the address), and a submit
 * button once the app handles it. Nothing changes on screen.
 */
export function useSubmitType(): 'submit' | 'button' {
  return useHydrated() ? 'submit' : 'button';
}
