// A lift as the contract's JSON (liftSchema in @liftwacht/contracts/lifts), built by the database.
// The lift list is the portal's busiest read: decoding 20 rows of 30 columns in the driver, mapping
// them to objects and serialising them again took about a third of the server's CPU per GET /lift
// under bench:http, where PostgreSQL writes the same JSON as one value. The shape is written down
// beside the contract here and in migration 0029's two functions (the parts kept with the rows);
// lift-json.test.ts holds every variant (with and without module, inspection, dates) to the zod
// schema, strictly.
import { sql, type SQL } from 'drizzle-orm';
import { isoTimestampSql } from './lift-sql.ts';

/** FROM clause part: `l` (lifts) with its kept facts `f` and fitted module `m`. */
export const liftJoinsSql = sql`left join lift_facts f on f.lift_id = l.id left join modules m on m.id = f.module_id`;

/**
 * The lift `l` (joined by liftJoinsSql) as the text of the contract's Lift. The lift's own fields
 * and the inspection figures are kept written by the database (the generated columns
 * lifts.own_json and lift_facts.inspection_json, migration 0029: `{"id" : …, "version" : …` and
 * `"inspectionValidUntil" : …, "lastInspection" : …`); the module, which ingest changes all the
 * time, is written here, last, as json_build_object wrote the whole lift before.
 */
export const liftJsonTextSql: SQL = sql`l.own_json || ', ' || coalesce(f.inspection_json,
    '"inspectionValidUntil" : null, "lastInspection" : null') || ', "module" : ' || coalesce(case when m.id is not null
    then json_build_object('esNumber', m.es_number, 'firmware', m.firmware,
      'lastSeenAt', ${isoTimestampSql(sql`m.last_seen_at`)}, 'connected', m.connected)::text end, 'null') || '}'`;

/** The same as a json value, which both drivers parse into the contract's object. */
export const liftJsonSql: SQL = sql`(${liftJsonTextSql})::json`;
