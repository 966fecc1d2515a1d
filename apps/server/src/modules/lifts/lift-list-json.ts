// GET and POST /lift answer as JSON text around the page the database wrote (lift-json-sql.ts):
// the items are passed through as they came, never decoded and encoded again. The route's schema
// (liftListResponseSchema) still documents the answer, and the route tests hold it to the schema.
import type { LiftListResponse } from '@liftwacht/contracts/lifts';
import type { FastifyReply } from 'fastify';
import type { LiftListPage } from './lifts.repository.ts';

export function liftListJson(page: LiftListPage, pagination: { limit: number; offset: number }): string {
  const { limit, offset } = pagination;
  return `{"data":{"items":${page.itemsJson},"pagination":{"limit":${String(limit)},"offset":${String(offset)}},"total":${String(page.total)}}}`;
}

/** Sends the page as GET and POST /lift answer it. */
export function sendLiftList(
  reply: FastifyReply,
  page: LiftListPage,
  pagination: { limit: number; offset: number },
): FastifyReply {
  // The type provider types send() by the schema's object; this text is that object's JSON.
  const json = liftListJson(page, pagination) as unknown as LiftListResponse;
  return reply.type('application/json; charset=utf-8').send(json);
}
