import { describe, expect, it } from 'vitest';
import { allocationOrder, batteryFlowKw, blockedSlots, headroomKw, homeBlock, onOffDrawKw } from './home-plan.js';

const flat = (v: number) => Array<number>(48).fill(v);

describe('home plan', () => {
  it('allocates comfort first (HVAC, then hot water), then the earliest deadline, the battery last on a tie', () => {
    const order = allocationOrder([
      { id: 'battery', type: 'home_battery', deadlineMinute: 7 * 60 },
      { id: 'ev', type: 'ev_charger', deadlineMinute: 7 * 60 },
      { id: 'late ev', type: 'ev_charger', deadlineMinute: null },
      { id: 'robot', type: 'robot', deadlineMinute: 6 * 60 },
      { id: 'tank', type: 'water_heater', deadlineMinute: null },
      { id: 'ac', type: 'hvac', deadlineMinute: null },
    ]);
    expect(order.map((a) => a.id)).toEqual(['ac', 'tank', 'robot', 'ev', 'battery', 'late ev']);
  });

  it('headroom is the limit less the load and the draws so far; a slot without room for a full draw is blocked', () => {
    const room = headroomKw(12, flat(1), [onOffDrawKw([true, false], 4.5)]);
    expect(room!.slice(0, 2)).toEqual([6.5, 11]);
    expect(blockedSlots(room, 7.2)!.slice(0, 2)).toEqual([true, false]);
    expect(headroomKw(null, flat(1), [])).toBeNull();
  });

  it('a battery draws its rise over the charge efficiency and delivers its drop times the discharge efficiency', () => {
    const trajectory = [...flat(50)];
    trajectory[0] = 59.5; // +0.95 kWh of 10 kWh in half an hour: 2 kW from the grid at 0.95
    trajectory[1] = 50; // -0.95 kWh: 0.9025 kWh delivered, 1.805 kW
    const flow = batteryFlowKw(trajectory, 50, 10, 0.95, 0.95, flat(0.5));
    expect(flow[0]).toBeCloseTo(2, 9);
    expect(flow[1]).toBeCloseTo(-1.805, 9);
    expect(flow[2]).toBe(0);
  });

  it('sums the home: load plus draws less generation is imported, the rest exported, priced by the curves', () => {
    const generation = flat(0);
    generation[24] = 5;
    const block = homeBlock({
      loadKw: flat(1),
      source: 'set',
      flowsKw: [onOffDrawKw([true], 7.2)],
      generationKw: generation,
      pricesCentsPerKwh: flat(20),
      exportPricesCentsPerKwh: flat(5),
      slotHours: flat(0.5),
      maxImportKw: 12,
    });
    expect(block.grid_import_kw_48[0]).toBeCloseTo(8.2, 9);
    expect(block.grid_import_kw_48[24]).toBe(0);
    expect(block.export_kw_48[24]).toBe(4);
    // 46 slots of 1 kW (the sunny one imports nothing) and one of 8.2 kW at 20 c, 2 kWh exported at 5 c.
    expect(block.expected_cost_cents).toBeCloseTo((46 * 0.5 * 1 + 8.2 * 0.5) * 20 - 4 * 0.5 * 5, 6);
    expect(block).toMatchObject({ source: 'set', max_import_kw: 12 });
  });
});
