import { describe, expect, it } from 'vitest';
import { moduleMessageSchema, provisioningMessageSchema } from '@liftwacht/contracts/ingest';
import { VirtualModule } from './virtual-module.ts';

describe('VirtualModule', () => {
  it('speaks the contract, rides, breaks down, recovers, calls and tests its alarm phone', () => {
    const start = Date.parse('2026-03-10T08:00:00Z');
    // Busy incidents and frequent test calls, so one run shows every behaviour.
    const vm = new VirtualModule(
      { es: 'ES-100001', floors: 6, lowestFloor: -1, hasIntercom: true, firmware: '4.2.1' },
      { testCallIntervalMs: 10 * 60_000, incidentRate: 40 },
      start,
    );
    const ids = new Set<string>();
    let rides = 0;
    let downs = 0;
    let ups = 0;
    const phases: string[] = [];
    let tests = 0;
    for (let i = 0; i < 6000; i++) {
      // One frame every two seconds of simulated time.
      const message = vm.step(start + i * 2000);
      ids.add(message.id);
      if ('e' in message) {
        expect(provisioningMessageSchema.safeParse(message).success).toBe(true);
        continue;
      }
      const parsed = moduleMessageSchema.safeParse(message);
      expect(parsed.error?.issues ?? []).toEqual([]);
      rides += message.rides ?? 0;
      if (message.available === false) downs++;
      if (message.available === true && downs > ups) ups++;
      if (message.alarmCall) phases.push(message.alarmCall.phase);
      if (message.testCall) tests++;
      if (message.floor !== undefined) expect(message.floor).toBeGreaterThanOrEqual(-1);
    }
    expect(ids.size).toBe(6000);
    expect(rides).toBeGreaterThan(30);
    expect(downs).toBeGreaterThan(0);
    expect(ups).toBeGreaterThan(0);
    expect(tests).toBeGreaterThan(5);
    // Every call goes received → acknowledged → ended.
    const calls = phases.join(' ');
    expect(calls).toMatch(/^(received acknowledged ended ?)+(received( acknowledged)?)?$/);
  });

  it('keeps a module silent until it comes back', () => {
    const now = Date.now();
    const vm = new VirtualModule({
      es: 'ES-100002',
      floors: 3,
      lowestFloor: 0,
      hasIntercom: false,
      firmware: '4.2.1',
      start: { silentUntil: new Date(now + 60_000), down: { cause: 'cannot_start' } },
    });
    expect(vm.isSilent(now)).toBe(true);
    expect(vm.isSilent(now + 61_000)).toBe(false);
    vm.step(now);
    const first = vm.step(now + 1000);
    expect('e' in first ? null : first.f.f4).toBe(1);
  });
});
