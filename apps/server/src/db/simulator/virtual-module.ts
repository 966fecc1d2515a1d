// One simulated lift module. Each call of step() is the next thing the module reports: a door
// opening, the car passing a floor, a ride ending, a heartbeat, a fault coming or going, a phase of an
// alarm call, a test call of the alarm phone. Slow things (an outage, an alarm call's phases, the
// next test call) run on wall-clock time, so they look right whatever the message rate.
import { randomBytes } from 'node:crypto';
import type {
  AlarmCallReport,
  FaultCode,
  ModuleMessage,
  ProvisioningMessage,
  TestResult,
} from '@liftwacht/contracts/ingest';

export interface ModuleProfile {
  es: string;
  floors: number;
  lowestFloor: number;
  hasIntercom: boolean;
  firmware: string;
  /** Where the module is now (from the database for the demo fleet; healthy otherwise). */
  start?: {
    down?: { cause: FaultCode } | null;
    silentUntil?: Date | null;
    intercomFailure?: Exclude<TestResult, 'ok'> | null;
    sensorFailures?: string[];
    totalRides?: number | null;
    doorCycles?: number | null;
  };
}

export interface SimulatorTiming {
  /** Mean time between automatic test calls of the alarm phone. */
  testCallIntervalMs: number;
  /** Scales how often faults, outages and alarm presses happen. */
  incidentRate: number;
}

export const defaultTiming: SimulatorTiming = { testCallIntervalMs: 3 * 3600_000, incidentRate: 1 };

const MINUTE = 60_000;

type Phase = 'idle' | 'doorOpening' | 'doorOpen' | 'doorClosing' | 'moving';

interface PendingCall {
  callId: string;
  kind: 'entrapment' | 'false_alarm' | 'other';
  acknowledgeAt: number;
  endAt: number;
  received: boolean;
  acknowledged: boolean;
}

/** Small, fast and good enough for behaviour: mulberry32. */
function rngFrom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    between: (lo: number, hi: number) => lo + next() * (hi - lo),
    int: (lo: number, hi: number) => Math.floor(lo + next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const outageCauses: readonly FaultCode[] = [
  'cannot_start',
  'lock_circuit_broken',
  'stopped_outside_door_zone',
  'door_closing_fault',
  'emergency_stop',
  'main_supply_off',
  'low_control_voltage',
];
const passingFaults: readonly FaultCode[] = ['door_closing_fault', 'door_opening_fault', 'emergency_stop'];
const sensors = ['deurzone', 'verdieping', 'veiligheidscircuit'] as const;

export class VirtualModule {
  readonly es: string;
  private readonly rng: ReturnType<typeof rngFrom>;
  /** Its own sequence, so service visits leave the rest of a seeded run as it was. */
  private readonly serviceRng: ReturnType<typeof rngFrom>;
  /** A technician at work: the controller in maintenance or inspection mode until `until`. */
  private service: { mode: 'maintenance' | 'inspection'; until: number } | null = null;
  private readonly bootId = randomBytes(4).toString('hex');
  private seq = 0;
  private phase: Phase = 'idle';
  private floor: number;
  private target: number;
  private load = 0;
  private totalRides: number;
  private doorCycles: number;
  private energyToday = 0;
  private energyCarry = 0;
  private energyDay = '';
  private booted = false;
  private sinceSnapshot = 0;
  private passing: { code: FaultCode; untilStep: number } | null = null;
  private down: { cause: FaultCode; until: number } | null = null;
  private sensorFailure: { sensors: string[]; until: number };
  private silentUntil: number;
  private intercomFailure: { result: Exclude<TestResult, 'ok'>; repairAt: number } | null = null;
  private nextTestAt: number;
  private call: PendingCall | null = null;
  private steps = 0;

  constructor(
    private readonly profile: ModuleProfile,
    private readonly timing: SimulatorTiming = defaultTiming,
    now = Date.now(),
  ) {
    this.es = profile.es;
    let seed = 0;
    for (const ch of profile.es) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) >>> 0;
    this.rng = rngFrom(seed ^ now);
    this.serviceRng = rngFrom(seed ^ now ^ 0x5e41ce);
    this.floor = profile.lowestFloor;
    this.target = this.floor;
    const start = profile.start ?? {};
    this.totalRides = Math.round(start.totalRides ?? this.rng.int(20_000, 400_000));
    this.doorCycles = Math.round(start.doorCycles ?? this.totalRides * 2.3);
    if (start.down) this.down = { cause: start.down.cause, until: now + this.rng.between(10 * MINUTE, 120 * MINUTE) };
    this.silentUntil = start.silentUntil?.getTime() ?? 0;
    this.sensorFailure = {
      sensors: start.sensorFailures ?? [],
      until: start.sensorFailures?.length ? now + this.rng.between(30 * MINUTE, 240 * MINUTE) : 0,
    };
    if (start.intercomFailure && profile.hasIntercom) {
      this.intercomFailure = {
        result: start.intercomFailure,
        repairAt: now + this.rng.between(60 * MINUTE, 360 * MINUTE),
      };
    }
    // Spread the fleet's test calls over the interval instead of all at start.
    this.nextTestAt = now + this.rng.between(2 * MINUTE, timing.testCallIntervalMs);
  }

  /** Silent (a disconnected module of the demo fleet, until it comes back). */
  isSilent(now = Date.now()): boolean {
    return now < this.silentUntil;
  }

  /** The provisioning message a module sends when it (re)connects. */
  provisioning(now = Date.now()): ProvisioningMessage {
    this.booted = true;
    return {
      id: this.nextId(),
      t: new Date(now).toISOString(),
      firmware: this.profile.firmware,
      e: {
        e0: this.es,
        e1: this.profile.firmware,
        e2: this.profile.floors,
        e3: this.profile.lowestFloor,
        e4: Math.round(this.timing.testCallIntervalMs / 3600_000),
        e8: 60,
        e9: 'Europe/Amsterdam',
      },
    };
  }

  /** The next message, or the provisioning message first after a (re)start. */
  step(now = Date.now()): ModuleMessage | ProvisioningMessage {
    if (!this.booted) return this.provisioning(now);
    this.steps++;
    const message: ModuleMessage = { id: this.nextId(), t: new Date(now).toISOString(), f: {} };
    const f = message.f;
    const r = this.rng;
    const incidents = this.timing.incidentRate;

    // Slow things first: they decide what the lift can do this step.
    if (this.down && now >= this.down.until) {
      this.down = null;
      message.available = true;
    }
    if (!this.down && r.chance(0.00015 * incidents)) {
      this.down = { cause: r.pick(outageCauses), until: now + r.between(5 * MINUTE, 90 * MINUTE) };
      message.available = false;
      this.phase = 'idle';
      this.load = r.chance(0.3) ? r.int(60, 240) : 0;
      // Someone inside presses the alarm button now and then.
      if (this.load > 0 && !this.call && this.profile.hasIntercom) this.startCall('entrapment', now);
    }
    if (this.sensorFailure.sensors.length > 0 && now >= this.sensorFailure.until) {
      this.sensorFailure = { sensors: [], until: 0 };
      message.sensorFailures = [];
    } else if (this.sensorFailure.sensors.length === 0 && r.chance(0.00005 * incidents)) {
      this.sensorFailure = { sensors: [r.pick(sensors)], until: now + r.between(10 * MINUTE, 120 * MINUTE) };
      message.sensorFailures = this.sensorFailure.sensors;
    }

    this.stepServiceMode(message, now);

    if (this.call) {
      message.alarmCall = this.advanceCall(now);
    } else if (this.profile.hasIntercom && now >= this.nextTestAt) {
      message.testCall = this.testCall(now);
    } else if (this.profile.hasIntercom && r.chance(0.0002 * incidents)) {
      this.startCall(r.chance(0.7) ? 'false_alarm' : 'other', now);
      message.alarmCall = this.advanceCall(now);
    }

    const faultsBefore = this.faultList();
    if (this.passing && this.steps >= this.passing.untilStep) this.passing = null;
    if (!this.passing && !this.down && r.chance(0.003 * incidents)) {
      this.passing = { code: r.pick(passingFaults), untilStep: this.steps + r.int(1, 4) };
    }
    this.move(message, now);
    const faults = this.faultList();
    if (faults.join() !== faultsBefore.join() || message.available !== undefined || this.sinceSnapshot === 0) {
      message.faults = faults;
    }
    if (message.available === undefined && this.sinceSnapshot === 0) message.available = this.down === null;

    this.sinceSnapshot = (this.sinceSnapshot + 1) % 20;
    if (this.sinceSnapshot === 1) Object.assign(f, this.snapshot());
    f.f4 = this.down ? 1 : 0;
    f.f18 = this.energyToday;
    return message;
  }

  /** Now and then a technician switches the controller to maintenance or inspection mode (a visit). */
  private stepServiceMode(message: ModuleMessage, now: number): void {
    const r = this.serviceRng;
    if (this.service && now >= this.service.until) {
      this.service = null;
      message.serviceMode = 'off';
    } else if (!this.service && !this.down && r.chance(0.00002 * this.timing.incidentRate)) {
      this.service = {
        mode: r.chance(0.8) ? 'maintenance' : 'inspection',
        until: now + r.between(30 * MINUTE, 120 * MINUTE),
      };
      message.serviceMode = this.service.mode;
    }
  }

  private nextId(): string {
    this.seq++;
    return `${this.bootId}-${String(this.seq)}`;
  }

  private faultList(): FaultCode[] {
    const list = new Set<FaultCode>();
    if (this.down) list.add(this.down.cause);
    if (this.passing) list.add(this.passing.code);
    if (this.call && !this.call.acknowledged) list.add('alarm_button_pressed');
    return [...list].sort();
  }

  private startCall(kind: PendingCall['kind'], now: number): void {
    const r = this.rng;
    const acknowledgeAt = now + r.between(8_000, 45_000);
    const endAt =
      kind === 'entrapment'
        ? Math.max(acknowledgeAt + MINUTE, Math.min(this.down?.until ?? now, now + r.between(10 * MINUTE, 40 * MINUTE)))
        : acknowledgeAt + r.between(40_000, 4 * MINUTE);
    this.call = {
      callId: `${this.bootId}-call-${String(this.seq)}`,
      kind,
      acknowledgeAt,
      endAt,
      received: false,
      acknowledged: false,
    };
  }

  private advanceCall(now: number): AlarmCallReport | undefined {
    const call = this.call;
    if (!call) return undefined;
    if (!call.received) {
      call.received = true;
      return { callId: call.callId, phase: 'received' };
    }
    if (!call.acknowledged && now >= call.acknowledgeAt) {
      call.acknowledged = true;
      return { callId: call.callId, phase: 'acknowledged', kind: call.kind, handledBy: 'Meldkamer Liftwacht' };
    }
    if (call.acknowledged && now >= call.endAt) {
      this.call = null;
      return { callId: call.callId, phase: 'ended', kind: call.kind };
    }
    return undefined;
  }

  private testCall(now: number): NonNullable<ModuleMessage['testCall']> {
    const r = this.rng;
    this.nextTestAt = now + this.timing.testCallIntervalMs * r.between(0.9, 1.1);
    if (this.intercomFailure && now >= this.intercomFailure.repairAt) {
      // The mechanic replaced the part and proves it with a manual test call.
      this.intercomFailure = null;
      return { result: 'ok', automatic: false, durationSeconds: r.int(30, 60), batteryVoltage: 13.2 };
    }
    if (!this.intercomFailure && r.chance(0.01 * this.timing.incidentRate)) {
      this.intercomFailure = {
        result: r.pick(['speaker', 'microphone', 'battery'] as const),
        repairAt: now + r.between(60 * MINUTE, 360 * MINUTE),
      };
    }
    const result = this.intercomFailure?.result ?? 'ok';
    return {
      result,
      automatic: true,
      durationSeconds: r.int(20, 45),
      batteryVoltage:
        result === 'battery' ? Math.round(r.between(9.8, 10.9) * 10) / 10 : Math.round(r.between(12.8, 13.6) * 10) / 10,
    };
  }

  /** One step of the car: doors, travel, rides and the energy they use. */
  private move(message: ModuleMessage, now: number): void {
    const f = message.f;
    const r = this.rng;
    const day = new Date(now).toISOString().slice(0, 10);
    if (day !== this.energyDay) {
      this.energyDay = day;
      this.energyToday = 0;
    }
    let wh = 0.4; // standby: controller, light, module
    if (this.down) {
      f.f0 = 0;
      f.f2 = 0;
      f.f17 = 0;
    } else {
      switch (this.phase) {
        case 'idle':
          if (r.chance(0.35)) {
            this.phase = 'doorOpening';
            f.f0 = 1;
          }
          break;
        case 'doorOpening':
          this.phase = 'doorOpen';
          this.doorCycles++;
          this.load = r.chance(0.75) ? r.int(60, 320) : 0;
          f.f7 = this.doorCycles;
          f.f16 = this.load;
          break;
        case 'doorOpen':
          this.phase = 'doorClosing';
          f.f0 = 0;
          break;
        case 'doorClosing': {
          const top = this.profile.lowestFloor + this.profile.floors - 1;
          do this.target = r.int(this.profile.lowestFloor, top);
          while (this.target === this.floor && this.profile.floors > 1);
          this.phase = this.target === this.floor ? 'idle' : 'moving';
          f.f2 = this.target > this.floor ? 1 : 2;
          f.f17 = 1;
          wh += 2;
          break;
        }
        case 'moving':
          this.floor += this.target > this.floor ? 1 : -1;
          wh += 3 + this.load / 100;
          message.floor = this.floor;
          f.f1 = this.floor;
          if (this.floor === this.target) {
            this.phase = 'doorOpening';
            this.totalRides++;
            message.rides = 1;
            f.f2 = 0;
            f.f5 = this.totalRides;
            f.f17 = 0;
            f.f0 = 1;
          }
          break;
      }
    }
    this.energyCarry += wh;
    const whole = Math.floor(this.energyCarry);
    // Energy goes out with each ride and every full frame, not in every frame.
    if (whole > 0 && (message.rides !== undefined || this.sinceSnapshot === 0)) {
      this.energyCarry -= whole;
      this.energyToday += whole;
      message.energyWh = whole;
    }
  }

  /** Every reading, sent every 20th frame so a page opened later sees everything. */
  private snapshot(): Record<string, number> {
    const r = this.rng;
    const down = this.down !== null;
    return {
      f0: this.phase === 'doorOpen' || this.phase === 'doorOpening' ? 1 : 0,
      f1: this.floor,
      f2: this.phase === 'moving' ? (this.target > this.floor ? 1 : 2) : 0,
      f3: this.down?.cause === 'emergency_stop' ? 1 : 0,
      f5: this.totalRides,
      f6: Math.round(this.totalRides / 9),
      f7: this.doorCycles,
      f8: 1,
      f9: this.call && !this.call.acknowledged ? 1 : 0,
      f10: 0,
      f11: this.down?.cause === 'lock_circuit_broken' ? 0 : 1,
      f12: down && this.down?.cause === 'stopped_outside_door_zone' ? 0 : 1,
      f13: this.down?.cause === 'main_supply_off' ? 0 : Math.round(r.between(226, 234)),
      f14: this.down?.cause === 'low_control_voltage' ? 19.2 : Math.round(r.between(23.6, 24.4) * 10) / 10,
      f15: Math.round(r.between(16, 29) * 10) / 10,
      f16: this.load,
      f17: this.phase === 'moving' ? 1 : 0,
      f19: this.profile.hasIntercom ? Math.round(r.between(12.8, 13.6) * 10) / 10 : 0,
      f20: -r.int(60, 95),
    };
  }
}
