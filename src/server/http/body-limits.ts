import { WORKBOOK_ITEM_MAX_LENGTH, WORKBOOK_MAX_ITEMS } from '../../shared/constants';

/** Every request body but the ones below: far above any form of the app. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

/**
 * The largest valid workbook response as JSON, so no valid save is refused: 43 texts (two lists
 * of 20 items and three fields) of 5,000 UTF-16 units, each unit at most 6 bytes once
 * JSON-escaped (`\u001f`; letters of most scripts take 3), plus room for the field names. For the
 * REST save and for the tRPC endpoint, which carries the same save.
 */
export const WORKBOOK_BODY_LIMIT = (2 * WORKBOOK_MAX_ITEMS + 3) * WORKBOOK_ITEM_MAX_LENGTH * 6 + 16 * 1024;
