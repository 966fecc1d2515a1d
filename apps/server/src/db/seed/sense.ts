// Sense module field labels (GET /sense/configuration?type=label) and each lift's latest readings.
// Module messages carry `f` fields (live status) and provisioning messages `e` fields (setup); the
// labels are data the portal shows verbatim, so they are Dutch like the rest of the fleet.
import type { Db } from '../database.ts';
import { senseConfiguration, type senseData } from '../schema.ts';
import { insertRows } from './bulk-insert.ts';
import type { CurrentState } from './current-state.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { Rng } from './prng.ts';

export const senseFieldLabels: Record<string, string> = {
  f0: 'Deur open',
  f1: 'Huidige verdieping',
  f2: 'Rijrichting',
  f3: 'Noodstop',
  f4: 'Storing',
  f5: 'Ritteller',
  f6: 'Bedrijfsuren',
  f7: 'Deurcycli',
  f8: 'Kooilicht',
  f9: 'Alarmknop',
  f10: 'Inspectiebedrijf',
  f11: 'Veiligheidscircuit gesloten',
  f12: 'In deurzone',
  f13: 'Netspanning (V)',
  f14: 'Stuurspanning (V)',
  f15: 'Temperatuur machinekamer (°C)',
  f16: 'Belasting kooi (kg)',
  f17: 'Snelheid (m/s)',
  f18: 'Energie vandaag (Wh)',
  f19: 'Accuspanning noodtelefoon (V)',
  f20: 'Signaalsterkte (dBm)',
};

export const provisioningFieldLabels: Record<string, string> = {
  e0: 'Modulenummer',
  e1: 'Firmwareversie',
  e2: 'Aantal verdiepingen',
  e3: 'Laagste verdieping',
  e4: 'Testoproepinterval (uur)',
  e5: 'Telefoonnummer meldkamer',
  e6: 'SIM-kaartnummer (ICCID)',
  e7: 'APN',
  e8: 'Rapportage-interval (s)',
  e9: 'Tijdzone',
  e10: 'Installatiedatum',
};

export async function insertSenseConfiguration(db: Db): Promise<void> {
  const rows = Object.entries({ ...senseFieldLabels, ...provisioningFieldLabels }).map(([key, label]) => ({
    type: 'label',
    key,
    label,
    // null: the label applies to every module type.
    moduleType: null,
  }));
  await insertRows(db, senseConfiguration, rows);
}

type SenseDataRow = typeof senseData.$inferInsert;

/** The last reading of every f field, as the module reported it when it was last seen. */
export function senseDataFor(liftId: number, plan: LiftPlan, current: CurrentState, rng: Rng): SenseDataRow[] {
  const down = current.openOutageStart !== null;
  const maintenance = current.visitInProgress?.type === 'maintenance';
  const ageYears = Math.max(1, (current.moduleLastSeen / 86_400_000 - plan.commissionedDay) / 365);
  const totalRides = Math.round(plan.dailyRides * 330 * ageYears * rng.float(0.8, 1.1));
  const values: Record<string, number> = {
    f0: down || rng.chance(0.2) ? 1 : 0,
    f1: rng.int(plan.lowestFloor, plan.lowestFloor + plan.floors - 1),
    f2:
      down || maintenance
        ? 0
        : rng.weighted([
            [0, 70],
            [1, 15],
            [2, 15],
          ] as const),
    f3: 0,
    f4: down ? 1 : 0,
    f5: totalRides,
    f6: Math.round(ageYears * 8760 * rng.float(0.97, 0.995)),
    f7: Math.round(totalRides * rng.float(2.1, 2.6)),
    f8: 1,
    f9: current.currentCall ? 1 : 0,
    f10: maintenance ? 1 : 0,
    f11: down ? 0 : 1,
    f12: down ? 0 : 1,
    f13: Math.round(rng.float(226, 234)),
    f14: Math.round(rng.float(23.6, 24.4) * 10) / 10,
    f15: Math.round(rng.float(16, 29) * 10) / 10,
    f16: down
      ? 0
      : rng.weighted([
          [0, 70],
          [rng.int(60, 320), 30],
        ] as const),
    f17: 0,
    f18: Math.round(
      plan.standbyWhPer15Min * rng.float(30, 90) + plan.dailyRides * plan.whPerRide * rng.float(0.2, 0.8),
    ),
    f19: plan.hasIntercom ? Math.round(rng.float(12.6, 13.6) * 10) / 10 : 0,
    f20: -rng.int(60, 95),
  };
  const at = new Date(current.moduleLastSeen);
  return Object.entries(values).map(([key, value]) => ({ liftId, key, value, at }));
}
