import { timestamp } from 'drizzle-orm/pg-core';

/** The created_at and updated_at columns every table that has them declares the same way. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
