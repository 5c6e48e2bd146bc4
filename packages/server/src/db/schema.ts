/**
 * Every table of the database, one file per module's tables under tables/ (issue 62). Code imports
 * them from here; drizzle-kit reads this file (drizzle.config.ts) and generates the migrations.
 */
export * from './tables/accounts';
export * from './tables/files';
export * from './tables/audit';
export * from './tables/assessments';
export * from './tables/responses';
export * from './tables/chat';
export * from './tables/observations';
export * from './tables/documents';
export * from './tables/learning';
export * from './tables/notifications';
export * from './tables/compliance';
export * from './tables/recurrence';
export * from './tables/exports';
export * from './tables/sso';
export * from './tables/two-factor';
