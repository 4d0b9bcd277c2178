import * as client from 'react-dom/client';

/**
 * React DOM's client, started as the react chunk is evaluated (vite.config.ts puts this module in
 * it): the boot module evaluates that chunk in a task of its own, so React DOM's start is not part
 * of the entry chunk's task (decision 0384).
 */
export const { createRoot, hydrateRoot } = client;
