// GET and POST /lift answer as JSON text around the page the database wrote (lift-json-sql.ts):
// the items are passed through as they came, never decoded and encoded again. The route's schema
// (liftListResponseSchema) still documents the answer, and the route tests hold it to the schema.
import type { LiftListPage } from './lifts.repository.ts';

export function liftListJson(page: LiftListPage, pagination: { limit: number; offset: number }): string {
  const { limit, offset } = pagination;
  return `{"data":{"items":${page.itemsJson},"pagination":{"limit":${String(limit)},"offset":${String(offset)}},"total":${String(page.total)}}}`;
}
