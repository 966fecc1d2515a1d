// Organisations a user may see: their own plus the ones granted to it (DESIGN §3).
import { z } from 'zod';
import { dataOf, listOf } from './common.ts';

export const organisationTypes = ['owner', 'client', 'maintenance', 'inspection'] as const;
export const organisationTypeSchema = z.enum(organisationTypes);

export const organisationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: organisationTypeSchema,
});
export type Organisation = z.infer<typeof organisationSchema>;

/** An organisation of the picker, with its lifts in service: the session starts on one that has lifts. */
export const pickableOrganisationSchema = organisationSchema.extend({ liftCount: z.number().int() });
export type PickableOrganisation = z.infer<typeof pickableOrganisationSchema>;

export const organisationListResponseSchema = listOf(pickableOrganisationSchema);
export type OrganisationListResponse = z.infer<typeof organisationListResponseSchema>;

export const userOrganisationResponseSchema = dataOf(organisationSchema);
