// A lift as the contract's JSON (liftSchema in @liftwacht/contracts/lifts), built by the database.
// The lift list is the portal's busiest read: decoding 20 rows of 30 columns in the driver, mapping
// them to objects and serialising them again took about a third of the server's CPU per GET /lift
// under bench:http, where PostgreSQL writes the same JSON as one value. This is the one place the
// shape is written down beside the contract; lift-json.test.ts holds every variant (with and
// without module, inspection, dates) to the zod schema, strictly.
import { sql, type SQL } from 'drizzle-orm';
import { isoTimestampSql } from './lift-sql.ts';

/** FROM clause part: `l` (lifts) with its kept facts `f` and fitted module `m`. */
export const liftJoinsSql = sql`left join lift_facts f on f.lift_id = l.id left join modules m on m.id = f.module_id`;

/**
 * The lift `l` (joined by liftJoinsSql) as a json value of the contract's Lift. The lift's columns
 * come as they are stored; the inspection figures and the module from lift_facts, one row a lift
 * kept by triggers (migration 0026).
 */
export const liftJsonSql: SQL = sql`json_build_object(
    'id', l.id,
    'organisationId', l.organisation_id,
    'details', json_build_object(
      'liftname', l.name, 'address', l.address, 'postalCode', l.postal_code, 'city', l.city,
      'buildingName', l.building_name, 'sbclId', l.sbcl_id, 'serialNumber', l.serial_number,
      'ownerNumber', l.owner_number, 'inspectionNumber', l.inspection_number,
      'installerNumber', l.installer_number, 'telephoneNumber', l.telephone_number,
      'manufacturerNumber', l.manufacturer_number, 'updatedAt', ${isoTimestampSql(sql`l.updated_at`)}),
    'liftType', l.lift_type,
    'hasFlow', l.has_flow,
    'maintenanceIntervalDays', l.maintenance_interval_days,
    'serviceRideThreshold', l.service_ride_threshold,
    'commissionedOn', l.commissioned_on::text,
    'decommissionedOn', l.decommissioned_on::text,
    'version', l.version,
    'inspectionValidUntil', f.inspection_valid_until::text,
    'lastInspection', case when f.last_inspected_on is not null and f.last_result is not null then json_build_object(
      'inspectedOn', f.last_inspected_on::text, 'result', f.last_result, 'validUntil', f.last_valid_until::text) end,
    'module', case when m.id is not null then json_build_object(
      'esNumber', m.es_number, 'firmware', m.firmware,
      'lastSeenAt', ${isoTimestampSql(sql`m.last_seen_at`)}, 'connected', m.connected) end)`;
