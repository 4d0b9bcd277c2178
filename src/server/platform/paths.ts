import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root folder. This module sits three folders below it as source
 * (`src/server/platform/paths.ts`, run by tsx and vitest) and two inside the compiled server
 * (`dist/server/main.js`, which `npm start` runs: decision 0105).
 */
export const PROJECT_ROOT = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../../../' : '../../', import.meta.url),
);

/** The built web app that the server serves. */
export const DEFAULT_WEB_DIR = path.join(PROJECT_ROOT, 'dist/web');

/** The bundled workbook content, one JSON file per week. */
export const DEFAULT_CONTENT_DIR = path.join(PROJECT_ROOT, 'src/server/features/workbook/content');
