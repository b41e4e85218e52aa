import type { HassEntity } from 'home-assistant-js-websocket';
import { describe, expect, it } from 'vitest';
import type { HubAppliance } from './appliances.js';
import { selectOption, type OptionRole } from './select-options.js';

const select = (options: string[]): HassEntity => ({
  entity_id: 'select.mode',
  state: options[0]!,
  attributes: { options },
  last_changed: '',
  last_updated: '',
  context: { id: 'c', parent_id: null, user_id: null },
});
const appliance = (type: HubAppliance['type'], override: HubAppliance['override'] = null): HubAppliance => ({
  id: 'a1',
  name: 'A',
  type,
  isActive: true,
  entities: { entity_id: 'select.mode' },
  override,
});
const pick = (type: HubAppliance['type'], options: string[], role: OptionRole) => selectOption(select(options), role, appliance(type));

describe('selectOption', () => {
  it.each([
    // A battery's idle mode covers the house: self-consumption, auto, normal, default...
    [['Standby', 'Force charge', 'Self consumption'], 'Self consumption'],
    [['Backup', 'Auto', 'Force charge'], 'Auto'],
    [['normal', 'charge'], 'normal'],
    // ...never a mode that keeps the charge (that is a hold), nor a charging one.
    [['Standby', 'Force charge'], null],
    [['Backup', 'Grid charge'], null],
    [['Force idle', 'Force charge', 'Force discharge'], null],
    [['Reserve', 'Auto charge'], null],
  ])('a battery with %j takes %s as its idle option', (options, idle) => {
    expect(pick('home_battery', options, 'idle')).toBe(idle);
  });

  it.each([
    [['Standby', 'Charging'], 'Standby'],
    [['Off', 'Idle', 'Charge'], 'Idle'],
    [['Auto', 'Fast charge'], 'Auto'],
  ])('an EV charger with %j takes %s as its idle option (standby is not charging)', (options, idle) => {
    expect(pick('ev_charger', options, 'idle')).toBe(idle);
  });

  it('takes the charge option by name for both, never a discharge one', () => {
    expect(pick('home_battery', ['Force discharge', 'Force charge', 'Self use'], 'charge')).toBe('Force charge');
    expect(pick('ev_charger', ['Standby', 'Charging'], 'charge')).toBe('Charging');
    expect(pick('home_battery', ['Force discharge', 'Self use'], 'charge')).toBeNull();
  });

  it("takes a battery's forced discharge or export mode as its export option, else export_option, and none for an EV", () => {
    expect(pick('home_battery', ['Self use', 'Force charge', 'Force discharge'], 'export')).toBe('Force discharge');
    expect(pick('home_battery', ['Auto', 'Grid export'], 'export')).toBe('Grid export');
    expect(pick('home_battery', ['Self use', 'Force charge', 'Backup'], 'export')).toBeNull();
    expect(pick('ev_charger', ['Standby', 'Charging', 'Discharging'], 'export')).toBeNull();
    const configured = appliance('home_battery', { appliance: 'A', export_option: 'Feed in' });
    expect(selectOption(select(['Self use', 'Feed in']), 'export', configured)).toBe('Feed in');
  });

  it('never guesses a hold option: a battery holds only with hold_option', () => {
    expect(pick('home_battery', ['Self use', 'Backup', 'Standby'], 'hold')).toBeNull();
    const holding = appliance('home_battery', { appliance: 'A', hold_option: 'Standby' });
    expect(selectOption(select(['Self use', 'Backup', 'Standby']), 'hold', holding)).toBe('Standby');
  });

  it('uses a configured option, even one the defaults would refuse, and nothing the entity does not offer', () => {
    const configured = appliance('home_battery', { appliance: 'A', idle_option: 'Standby' });
    expect(selectOption(select(['Standby', 'Force charge']), 'idle', configured)).toBe('Standby');
    expect(selectOption(select(['Self use', 'Force charge']), 'idle', configured)).toBeNull();
  });
});
