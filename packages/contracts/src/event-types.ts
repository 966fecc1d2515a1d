// Event type codes (DESIGN §4). One list for the whole project: ingest writes them, the seed
// generates them, subscriptions and the events filter offer them, the web labels them.
import { z } from 'zod';

/** EN 627 fault codes a lift controller reports; each event carries the floor it happened at. */
export const en627EventTypes = [
  'en627_emergency_stop',
  'en627_lock_circuit_broken',
  'en627_door_closing_fault',
  'en627_stopped_outside_door_zone',
  'en627_cannot_start',
  'en627_low_control_voltage',
  'en627_door_opening_fault',
  'en627_main_supply_off',
  'en627_inspection_mode',
  'en627_alarm_button_pressed',
  'en627_car_light_supply_off',
] as const;

export const eventTypes = [
  'unavailable',
  'intercom_unavailable',
  'sense_failure',
  'sense_disconnected',
  'alarm_call',
  'periodic_test_failed',
  'battery',
  'run_counter',
  'maintenance_interval_warning',
  'maintenance_interval_alert',
  'approval_rejected',
  'approval_expired',
  'visit',
  'threshold_rides_hour',
  'threshold_rides_week',
  ...en627EventTypes,
] as const;

export const eventTypeSchema = z.enum(eventTypes);
export type EventType = z.infer<typeof eventTypeSchema>;
export type En627EventType = (typeof en627EventTypes)[number];
