/** The shared CSV helpers (files/csv.ts), where analytics has always imported them from. */
export { csvField, csvLine } from '../../files/csv.ts';
