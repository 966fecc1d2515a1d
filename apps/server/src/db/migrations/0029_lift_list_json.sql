-- The lift list's JSON written once per write instead of on every read. A page of the list was
-- ~0.55 ms of a PostgreSQL backend, of which ~0.2 ms was json_build_object over the 20 lifts' 30
-- columns (PostgreSQL looks up each argument's output function on every call); the database's CPU
-- per GET /lift was larger than the server's. The lift's own fields and its inspection figures are
-- now generated columns holding their part of the contract's Lift as JSON text
-- (modules/lifts/lift-json-sql.ts puts the parts together with the module, which ingest changes
-- all the time and is still written on read). Generated columns are kept by PostgreSQL itself on
-- every insert and update, also by writers that skip triggers (the seed's bulk load).
--
-- The text is exactly what json_build_object wrote on read before (the same function, the same
-- "key" : value layout), without its closing brace so the rest can follow. Dates go through
-- to_char rather than ::text, which would depend on the session's DateStyle. IMMUTABLE as a
-- generated column requires: the output depends only on the arguments (timestamps are written in UTC).
-- A change to the Lift contract's members needs a migration that replaces these functions.
CREATE FUNCTION liftwacht_lift_own_json(
  id integer, organisation_id integer, name text, address text, postal_code text, city text,
  building_name text, sbcl_id text, serial_number text, owner_number text, inspection_number text,
  installer_number text, telephone_number text, manufacturer_number text, updated_at timestamptz,
  lift_type text, has_flow boolean, maintenance_interval_days integer, service_ride_threshold integer,
  commissioned_on date, decommissioned_on date, version integer
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT left(json_build_object(
    'id', id,
    'organisationId', organisation_id,
    'details', json_build_object(
      'liftname', name, 'address', address, 'postalCode', postal_code, 'city', city,
      'buildingName', building_name, 'sbclId', sbcl_id, 'serialNumber', serial_number,
      'ownerNumber', owner_number, 'inspectionNumber', inspection_number,
      'installerNumber', installer_number, 'telephoneNumber', telephone_number,
      'manufacturerNumber', manufacturer_number,
      'updatedAt', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
    'liftType', lift_type,
    'hasFlow', has_flow,
    'maintenanceIntervalDays', maintenance_interval_days,
    'serviceRideThreshold', service_ride_threshold,
    'commissionedOn', to_char(commissioned_on, 'YYYY-MM-DD'),
    'decommissionedOn', to_char(decommissioned_on, 'YYYY-MM-DD'),
    'version', version)::text, -1)
$$;--> statement-breakpoint
CREATE FUNCTION liftwacht_lift_inspection_json(
  inspection_valid_until date, last_inspected_on date, last_result text, last_valid_until date
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substr(j, 2, length(j) - 2) FROM (SELECT json_build_object(
    'inspectionValidUntil', to_char(inspection_valid_until, 'YYYY-MM-DD'),
    'lastInspection', CASE WHEN last_inspected_on IS NOT NULL AND last_result IS NOT NULL THEN json_build_object(
      'inspectedOn', to_char(last_inspected_on, 'YYYY-MM-DD'), 'result', last_result,
      'validUntil', to_char(last_valid_until, 'YYYY-MM-DD')) END)::text AS j) members
$$;--> statement-breakpoint
ALTER TABLE "lifts" ADD COLUMN "own_json" text NOT NULL GENERATED ALWAYS AS (liftwacht_lift_own_json(id, organisation_id, name, address, postal_code, city, building_name, sbcl_id, serial_number, owner_number, inspection_number, installer_number, telephone_number, manufacturer_number, updated_at, lift_type, has_flow, maintenance_interval_days, service_ride_threshold, commissioned_on, decommissioned_on, version)) STORED;--> statement-breakpoint
ALTER TABLE "lift_facts" ADD COLUMN "inspection_json" text NOT NULL GENERATED ALWAYS AS (liftwacht_lift_inspection_json(inspection_valid_until, last_inspected_on, last_result, last_valid_until)) STORED;
