/** Query keys of the notifications feature. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The bell's latest 20. */
  list: () => [...notificationKeys.all, 'list'] as const,
  /** Every page of the Notifications page. */
  pages: () => [...notificationKeys.all, 'page'] as const,
  page: (page: number, pageSize: number) =>
    [...notificationKeys.pages(), { page, pageSize }] as const,
};
