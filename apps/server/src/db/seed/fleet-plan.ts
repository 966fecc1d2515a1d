// Plans the fleet in memory before anything is written: buildings, lifts with every field filled,
// their modules, and the per-lift parameters the history generators and counters need. Each lift
// draws from its own PRNG stream, so batching the writes never changes what a lift looks like.
import type { lifts } from '../schema.ts';
import { addMonths, DAY, dayToIso, type DayNumber } from './amsterdam-time.ts';
import {
  buildingNames,
  buildingPrefixes,
  cities,
  inspectionBodies,
  liftNamesFor,
  manufacturers,
  mechanicNames,
  type BuildingKind,
  type CityInfo,
} from './dutch-names.ts';
import { demoOrganisations, type DemoOrganisation, type DemoOrganisationKey } from './organisations-and-users.ts';
import { createRng, type Rng } from './prng.ts';
import type { SeedContext } from './seed-context.ts';
import { typicalDailyRides, type UsageProfile } from './usage-profiles.ts';

export type LiftRow = typeof lifts.$inferInsert;

export interface LiftPlan {
  /** Position in the fleet, 0-based; also the PRNG stream of the lift. */
  index: number;
  organisation: DemoOrganisationKey;
  row: Omit<LiftRow, 'organisationId' | 'id'>;
  esNumber: string;
  firmware: string;
  profile: UsageProfile;
  floors: number;
  lowestFloor: number;
  maintenanceIntervalDays: number;
  /** Mean rides on a typical weekday. */
  dailyRides: number;
  standbyWhPer15Min: number;
  whPerRide: number;
  hasIntercom: boolean;
  /** The lift's usual mechanic ("vaste monteur"). */
  mechanic: string;
  inspectionBody: string;
  commissionedDay: DayNumber;
}

const manufacturerCodes: Record<string, string> = {
  KONE: 'K',
  Schindler: 'S',
  Otis: 'OT',
  'TK Elevator': 'TK',
  Orona: 'OR',
  Kleemann: 'KL',
  'Coenen Liften': 'CL',
  Doppler: 'DP',
};

const bodyCodes: Record<string, string> = {
  Liftinstituut: 'LI',
  Aboma: 'AB',
  'TÜV Nederland': 'TUV',
  Kiwa: 'KW',
};

// Dutch postal codes never use the letter pairs SA, SD and SS (nor F, I, O, Q, U, Y).
const postalLetters = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'R',
  'S',
  'T',
  'V',
  'W',
  'X',
  'Z',
];

function postalCode(rng: Rng, city: CityInfo, street: string): string {
  // One street keeps one 4-digit area, like real postal codes.
  let h = 0;
  for (const ch of street) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const [low, high] = city.postalRange;
  const digits = low + (h % (high - low + 1));
  let letters = 'SA';
  while (letters === 'SA' || letters === 'SD' || letters === 'SS') {
    letters = rng.pick(postalLetters) + rng.pick(postalLetters);
  }
  return `${digits} ${letters}`;
}

function digits(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(rng.int(0, 9));
  return out;
}

function telephoneNumber(rng: Rng, city: CityInfo): string {
  // Alarm phones dial out over a mobile SIM in most modern installations, a landline in older ones.
  if (rng.chance(0.6)) return `06-${String(rng.int(1, 6))}${digits(rng, 7)}`;
  return `${city.areaCode}-${String(rng.int(2, 9))}${digits(rng, 9 - city.areaCode.length)}`;
}

interface Building {
  kind: BuildingKind;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  cityInfo: CityInfo;
  floors: number;
  lowestFloor: number;
  liftCount: number;
  /** Lifts of one building usually come from one installer in one year. */
  manufacturer: string;
  commissionedDay: DayNumber;
  /** One maintenance contract per building. */
  maintenanceIntervalDays: number;
}

const floorRange: Record<BuildingKind, readonly [number, number]> = {
  residential: [4, 14],
  senior: [3, 9],
  care: [2, 6],
  office: [3, 10],
  library: [2, 4],
  sports: [2, 3],
  parking: [3, 6],
  culture: [2, 4],
};

const liftCountWeights: Record<BuildingKind, readonly (readonly [number, number])[]> = {
  residential: [
    [1, 55],
    [2, 40],
    [3, 5],
  ],
  senior: [
    [1, 40],
    [2, 50],
    [3, 10],
  ],
  care: [
    [2, 40],
    [3, 40],
    [4, 20],
  ],
  office: [
    [2, 45],
    [3, 35],
    [4, 20],
  ],
  library: [
    [1, 50],
    [2, 40],
    [3, 10],
  ],
  sports: [
    [1, 50],
    [2, 40],
    [3, 10],
  ],
  parking: [
    [1, 30],
    [2, 50],
    [3, 20],
  ],
  culture: [
    [1, 40],
    [2, 40],
    [3, 20],
  ],
};

class BuildingNamer {
  private readonly used = new Set<string>();
  constructor(private readonly rng: Rng) {}

  next(kind: BuildingKind): string {
    for (let attempt = 0; attempt < 12; attempt++) {
      const name = `${this.rng.pick(buildingPrefixes[kind])} ${this.rng.pick(buildingNames)}`;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
    // Large fleets exhaust the combinations; number the rest like real complexes ("De Linde 2").
    const base = `${this.rng.pick(buildingPrefixes[kind])} ${this.rng.pick(buildingNames)}`;
    for (let n = 2; ; n++) {
      const name = `${base} ${String(n)}`;
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }
}

function planBuilding(rng: Rng, ctx: SeedContext, org: DemoOrganisation, namer: BuildingNamer): Building {
  const kind = rng.weighted(org.buildingKinds);
  const cityName = rng.weighted(org.cities);
  const cityInfo = cities[cityName];
  if (!cityInfo) throw new Error(`unknown city ${cityName}`);
  const street = rng.pick(cityInfo.streets);
  const suffix = rng.weighted([
    ['', 80],
    ['A', 8],
    ['B', 4],
    ['-1', 8],
  ] as const);
  const [minFloors, maxFloors] = floorRange[kind];
  return {
    kind,
    name: namer.next(kind),
    address: `${street} ${String(rng.int(1, 240))}${suffix}`,
    postalCode: postalCode(rng, cityInfo, street),
    city: cityInfo.name,
    cityInfo,
    floors: rng.int(minFloors, maxFloors),
    lowestFloor: kind === 'parking' ? -rng.int(1, 2) : rng.chance(0.15) ? -1 : 0,
    liftCount: rng.weighted(liftCountWeights[kind]),
    manufacturer: rng.weighted(manufacturers),
    commissionedDay: commissionedDay(rng, ctx),
    maintenanceIntervalDays: rng.weighted([
      [30, 5],
      [60, 15],
      [90, 50],
      [180, 30],
    ] as const),
  };
}

function profileFor(kind: BuildingKind, liftName: string): UsageProfile {
  if (/Goederen|Magazijn|Podium/.test(liftName)) return 'goods';
  const byKind: Record<BuildingKind, UsageProfile> = {
    residential: 'residential',
    senior: 'residential',
    care: 'care',
    office: 'office',
    library: 'public',
    sports: 'public',
    parking: 'parking',
    culture: 'public',
  };
  return byKind[kind];
}

function commissionedDay(rng: Rng, ctx: SeedContext): DayNumber {
  // Dutch stock: many lifts from the 1990s and 2000s, a steady trickle of new ones.
  const nowYear = new Date(ctx.now).getUTCFullYear();
  const lastYear = Math.min(2024, nowYear - 1);
  const year = Math.min(
    lastYear,
    rng.weighted([
      [rng.int(1985, 1994), 20],
      [rng.int(1995, 2009), 45],
      [rng.int(2010, 2020), 28],
      [rng.int(2021, 2024), 7],
    ] as const),
  );
  const day = Math.floor(Date.UTC(year, 0, 1) / DAY) + rng.int(0, 364);
  // Never in the future, and old enough to have a commissioning inspection behind it.
  return Math.min(day, addMonths(ctx.todayDay, -14));
}

function planLift(
  ctx: SeedContext,
  index: number,
  org: DemoOrganisation,
  building: Building,
  liftName: string,
  orgSequence: number,
): LiftPlan {
  const rng = createRng(ctx.seed, 'lift', index);
  // Now and then one lift of a building was replaced later, by another make.
  const replaced = rng.chance(0.15);
  const manufacturer = replaced ? rng.weighted(manufacturers) : building.manufacturer;
  const commissioned = replaced
    ? Math.max(building.commissionedDay, commissionedDay(rng, ctx))
    : building.commissionedDay;
  const mfgCode = manufacturerCodes[manufacturer] ?? 'X';
  const commissionYear = new Date(commissioned * DAY).getUTCFullYear();
  const profile = profileFor(building.kind, liftName);
  const hasIntercom = !rng.chance(0.1);
  const liftType = hasIntercom
    ? rng.weighted([
        ['traction', 50],
        ['machine_room_less', 35],
        ['hydraulic', 15],
      ] as const)
    : null;
  // Goods lifts run little and are serviced less often than the building's passenger lifts.
  const interval =
    profile === 'goods' ? Math.max(90, building.maintenanceIntervalDays) : building.maintenanceIntervalDays;
  const floors = building.floors;
  const dailyRides = typicalDailyRides(profile, floors, rng.float(0.75, 1.3));
  const body = rng.weighted(inspectionBodies);
  const wh =
    liftType === 'hydraulic'
      ? rng.float(28, 45)
      : liftType === 'machine_room_less'
        ? rng.float(8, 16)
        : rng.float(12, 24);
  // Unique per lift by construction (index * stride + offset < stride), handy as a natural key.
  const serial = `${mfgCode}${String(4_000_000 + index * 17 + rng.int(0, 16))}`;
  return {
    index,
    organisation: org.key,
    row: {
      name: liftName,
      address: building.address,
      postalCode: building.postalCode,
      city: building.city,
      buildingName: building.name,
      sbclId: `SBCL-${String(210_000 + index * 11 + rng.int(0, 10)).padStart(7, '0')}`,
      serialNumber: serial,
      ownerNumber: `${org.assetPrefix}-L${String(orgSequence).padStart(4, '0')}`,
      inspectionNumber: `${bodyCodes[body] ?? 'KB'}-${String(commissionYear)}-${digits(rng, 6)}`,
      installerNumber: `${mfgCode}-${String(commissionYear)}-${digits(rng, 5)}`,
      telephoneNumber: telephoneNumber(rng, building.cityInfo),
      manufacturerNumber: `${manufacturer.replace(/\s.*$/, '').toUpperCase()}-${digits(rng, 7)}`,
      liftType,
      hasFlow: rng.chance(0.7),
      maintenanceIntervalDays: interval,
      // Provisional; the counters step sets the final threshold from the generated rides.
      serviceRideThreshold: Math.ceil((dailyRides * interval * 1.3) / 1000) * 1000,
      commissionedOn: dayToIso(commissioned),
      updatedAt: new Date(ctx.now - rng.int(1, 300) * DAY - rng.int(0, 86_399) * 1000),
    },
    esNumber: `ES-${String(100_001 + index)}`,
    firmware: rng.weighted([
      ['4.2.1', 45],
      ['4.2.0', 25],
      ['4.1.7', 20],
      ['3.9.12', 10],
    ] as const),
    profile,
    floors,
    lowestFloor: building.lowestFloor,
    maintenanceIntervalDays: interval,
    dailyRides,
    standbyWhPer15Min: rng.float(15, 35),
    whPerRide: profile === 'goods' ? wh * 1.6 : wh,
    hasIntercom,
    // Most lifts keep their mechanic; some are served by whoever is on the route.
    mechanic: rng.pick(mechanicNames),
    inspectionBody: body,
    commissionedDay: commissioned,
  };
}

/** Lift counts per organisation for a fleet of n lifts, in the order of demoOrganisations. */
function liftsPerOrganisation(n: number): Map<DemoOrganisationKey, number> {
  const out = new Map<DemoOrganisationKey, number>();
  let assigned = 0;
  const owning = demoOrganisations.filter((o) => o.liftShare > 0);
  owning.forEach((org, i) => {
    const count = i === owning.length - 1 ? n - assigned : Math.round(n * org.liftShare);
    out.set(org.key, Math.max(0, Math.min(count, n - assigned)));
    assigned += out.get(org.key) ?? 0;
  });
  return out;
}

export function planFleet(ctx: SeedContext, liftCount: number): LiftPlan[] {
  const plans: LiftPlan[] = [];
  const counts = liftsPerOrganisation(liftCount);
  const namer = new BuildingNamer(createRng(ctx.seed, 'building-names'));
  for (const org of demoOrganisations) {
    const count = counts.get(org.key) ?? 0;
    const rng = createRng(ctx.seed, 'buildings', org.key);
    let sequence = 0;
    while (sequence < count) {
      const building = planBuilding(rng, ctx, org, namer);
      const take = Math.min(building.liftCount, count - sequence);
      for (const liftName of liftNamesFor(building.kind, take)) {
        sequence++;
        plans.push(planLift(ctx, plans.length, org, building, liftName, sequence));
      }
    }
  }
  return plans;
}
