-- monthly_availability in blocks that make any run of whole months one or two rows a lift: each
-- month, each year to date (January and the months after it) and each rest of a year (a month and
-- the months after it up to December). A rolling year was five rows a lift (months and quarters);
-- now it is the rest of one year and the year to date of the next. A run inside a year is one
-- year to date less another (rows hold running sums). modules/dashboard/whole-months.ts picks them.
--
-- The rows are built by one function, for the backfill below and for refreshAvailabilityRollup
-- (db/rollups/availability-rollup.ts), so the two cannot drift apart. Element h + 1 of through_hour
-- is the running total over local hours 0..h-1, the first element 0.
CREATE OR REPLACE FUNCTION liftwacht_monthly_availability_rebuild(p_kind text, p_lift_ids integer[])
  RETURNS void LANGUAGE sql AS $$
  DELETE FROM monthly_availability WHERE kind = p_kind AND lift_id = ANY(p_lift_ids);
  INSERT INTO monthly_availability (lift_id, kind, month, months, through_hour)
  SELECT b.lift_id, b.kind, b.month, b.months, ARRAY[0::float8,
         b.s1,
         b.s1 + b.s2,
         b.s1 + b.s2 + b.s3,
         b.s1 + b.s2 + b.s3 + b.s4,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20 + b.s21,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20 + b.s21 + b.s22,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20 + b.s21 + b.s22 + b.s23,
         b.s1 + b.s2 + b.s3 + b.s4 + b.s5 + b.s6 + b.s7 + b.s8 + b.s9 + b.s10 + b.s11 + b.s12 + b.s13 + b.s14 + b.s15 + b.s16 + b.s17 + b.s18 + b.s19 + b.s20 + b.s21 + b.s22 + b.s23 + b.s24]
  FROM (
    SELECT m.lift_id, m.kind, blk.month, blk.months, sum(m.s1) AS s1, sum(m.s2) AS s2, sum(m.s3) AS s3, sum(m.s4) AS s4, sum(m.s5) AS s5, sum(m.s6) AS s6, sum(m.s7) AS s7, sum(m.s8) AS s8, sum(m.s9) AS s9, sum(m.s10) AS s10, sum(m.s11) AS s11, sum(m.s12) AS s12, sum(m.s13) AS s13, sum(m.s14) AS s14, sum(m.s15) AS s15, sum(m.s16) AS s16, sum(m.s17) AS s17, sum(m.s18) AS s18, sum(m.s19) AS s19, sum(m.s20) AS s20, sum(m.s21) AS s21, sum(m.s22) AS s22, sum(m.s23) AS s23, sum(m.s24) AS s24
    FROM (
      SELECT lift_id, kind, date_trunc('month', day)::date AS month,
             sum(hour_seconds[1]) AS s1,
             sum(hour_seconds[2]) AS s2,
             sum(hour_seconds[3]) AS s3,
             sum(hour_seconds[4]) AS s4,
             sum(hour_seconds[5]) AS s5,
             sum(hour_seconds[6]) AS s6,
             sum(hour_seconds[7]) AS s7,
             sum(hour_seconds[8]) AS s8,
             sum(hour_seconds[9]) AS s9,
             sum(hour_seconds[10]) AS s10,
             sum(hour_seconds[11]) AS s11,
             sum(hour_seconds[12]) AS s12,
             sum(hour_seconds[13]) AS s13,
             sum(hour_seconds[14]) AS s14,
             sum(hour_seconds[15]) AS s15,
             sum(hour_seconds[16]) AS s16,
             sum(hour_seconds[17]) AS s17,
             sum(hour_seconds[18]) AS s18,
             sum(hour_seconds[19]) AS s19,
             sum(hour_seconds[20]) AS s20,
             sum(hour_seconds[21]) AS s21,
             sum(hour_seconds[22]) AS s22,
             sum(hour_seconds[23]) AS s23,
             sum(hour_seconds[24]) AS s24
      FROM daily_availability
      WHERE kind = p_kind AND lift_id = ANY(p_lift_ids)
      GROUP BY 1, 2, 3
    ) m
    -- the blocks holding month m: itself, the years to date from it on, the rests of the year up to it
    CROSS JOIN LATERAL (
      SELECT m.month, 1
      UNION ALL
      SELECT date_trunc('year', m.month)::date, n
      FROM generate_series(greatest(extract(month FROM m.month)::int, 2), 12) AS n
      UNION ALL
      SELECT make_date(extract(year FROM m.month)::int, s, 1), 13 - s
      FROM generate_series(2, least(extract(month FROM m.month)::int, 11)) AS s
    ) AS blk(month, months)
    GROUP BY 1, 2, 3, 4
  ) b;
$$;
--> statement-breakpoint
SELECT liftwacht_monthly_availability_rebuild('unavailable', array(SELECT id FROM lifts));
--> statement-breakpoint
SELECT liftwacht_monthly_availability_rebuild('intercom_unavailable', array(SELECT id FROM lifts));
