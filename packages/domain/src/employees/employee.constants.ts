import { BULK_MAX_ROWS } from '../constants';

/** Limits of a contractor's employees (user type 5; DECISIONS.md, Employee). */

/** The Employees table: 10, 20 or 30 rows a page, 10 by default. */
export const EMPLOYEE_TABLE_PAGE_SIZES = [10, 20, 30] as const;
/** A search of the Employees table at most. */
export const EMPLOYEE_SEARCH_MAX_LENGTH = 100;
/** Most employee rows one bulk file may carry (as for contractor companies). */
export const BULK_EMPLOYEES_MAX_ROWS = BULK_MAX_ROWS;
/** Most bytes of CSV text one bulk upload may send (as for contractor companies). */
export const BULK_EMPLOYEES_MAX_CSV_BYTES = 1024 * 1024;
export type EmployeePageSize = (typeof EMPLOYEE_TABLE_PAGE_SIZES)[number];
