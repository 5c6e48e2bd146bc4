/** Query keys of the Employees tab; every write invalidates `all`. */
export const employeeKeys = {
  all: ['employees'] as const,
  page: (organisationId: string, search: string, page: number, pageSize: number) =>
    [...employeeKeys.all, organisationId, 'page', search, page, pageSize] as const,
};
