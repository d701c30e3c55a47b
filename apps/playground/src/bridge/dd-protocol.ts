// The messages between the Bridge page and its double-dummy worker (the solver runs off the main thread, so the page
// stays responsive for the seconds a table can take, and a deal that changes ends the search by ending the worker).
import type { DoubleDummyTable } from '@puzzles/bigint-deal/double-dummy';

/** Make the double-dummy table of this deal (a PBN deal string); `id` comes back with the answer. */
export interface TableRequest {
  readonly id: number;
  readonly pbn: string;
}

/** The table made and how long it took, or the library's reason for making none. */
export type TableResponse =
  | { readonly id: number; readonly table: DoubleDummyTable; readonly ms: number }
  | { readonly id: number; readonly error: string };
