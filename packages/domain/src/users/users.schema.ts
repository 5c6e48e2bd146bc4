import { z } from 'zod';

/** An id as the calls carry it. */
export const idField = (name: string) =>
  z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100, `${name} is invalid`);

/** POST /company/getCompanyById */
export const getCompanyByIdSchema = z.object({ companyId: idField('companyId') });
/** POST /contractor/getContractorById */
export const getContractorByIdSchema = z.object({ contractorId: idField('contractorId') });
/** POST /tpi/getTpiById */
export const getTpiByIdSchema = z.object({ tpiId: idField('tpiId') });
/** POST /app/getUsersByIds: at most 200 ids a call. */
export const getUsersByIdsSchema = z.object({
  userIds: z.array(idField('userIds'), { error: 'userIds must be a list' }).max(200, 'At most 200 userIds a call'),
});
