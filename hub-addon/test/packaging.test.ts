// The add-on's packaging against the add-on linter's rules (frenck/action-addon-linter, as
// summarised in shared/reference/home-assistant.md 4.2-4.5) and the Supervisor's conventions.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADDON_NODE_FLAGS } from '../src/node-flags.js';
import { parseYaml } from './support/yaml.js';

const ADDON = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.dirname(ADDON);
const read = (rel: string) => readFileSync(path.join(ADDON, rel), 'utf8');
const config = parseYaml(read('config.yaml')) as Record<string, any>;

/** Keys the linter's JSON schema allows (additionalProperties: false). */
const KNOWN_KEYS = new Set(
  'name version slug description arch machine url startup boot ports ports_description host_network host_ipc host_dbus host_pid host_uts devices homeassistant hassio_role hassio_api homeassistant_api docker_api privileged full_access apparmor map environment audio video gpio usb uart udev devicetree kernel_modules stdin legacy options schema image timeout tmpfs discovery services auth_api ingress ingress_port ingress_entry ingress_stream panel_icon panel_title panel_admin backup backup_exclude backup_pre backup_post advanced stage init realtime journald breaking_versions ulimits webui'.split(' '),
);
/** Keys whose default value the linter refuses to see written out. */
const DEFAULTS: Record<string, unknown> = {
  startup: 'application', boot: 'auto', init: true, hassio_api: false, homeassistant_api: false, docker_api: false, auth_api: false, host_network: false, host_ipc: false, host_dbus: false, host_pid: false, host_uts: false,
  full_access: false, apparmor: true, audio: false, video: false, gpio: false, usb: false, uart: false, udev: false, devicetree: false, kernel_modules: false, stdin: false, legacy: false, advanced: false, realtime: false, journald: false,
  ingress: false, ingress_port: 8099, ingress_entry: '/', ingress_stream: false, panel_icon: 'mdi:puzzle', panel_admin: true, hassio_role: 'default', stage: 'stable', timeout: 10, tmpfs: false, backup: 'hot',
};
const SCHEMA_TYPE = /^(str(\(\d*,\d*\))?|bool|int(\(-?\d*,-?\d*\))?|float(\(-?[\d.]*,-?[\d.]*\))?|email|url|password|port|match\(.+\)|list\([^)]+\)|device(\(.*\))?)\??$/;

describe('config.yaml', () => {
  it('has the required keys, and only keys the linter knows', () => {
    for (const key of ['name', 'version', 'slug', 'description', 'arch']) expect(config[key], key).toBeTruthy();
    expect(Object.keys(config).filter((k) => !KNOWN_KEYS.has(k))).toEqual([]);
    expect(config.slug).toMatch(/^[a-z0-9_]+$/);
    expect(config.version).toBe(JSON.parse(read('package.json')).version);
  });

  it('sets no key to its default value', () => {
    expect(Object.entries(DEFAULTS).filter(([k, v]) => k in config && config[k] === v).map(([k]) => k)).toEqual([]);
  });

  it('lists only aarch64 and amd64, uses s6 from the base image and the Core API', () => {
    expect(config.arch).toEqual(['aarch64', 'amd64']);
    expect(config.init).toBe(false);
    expect(config.homeassistant_api).toBe(true);
  });

  it('uses none of the keys and combinations the linter refuses', () => {
    for (const key of ['watchdog', 'codenotary', 'auto_uart']) expect(config).not.toHaveProperty(key);
    expect('webui' in config && 'ingress' in config).toBe(false);
    expect('ingress_port' in config && !config.host_network).toBe(false);
    expect(config.full_access && ['devices', 'gpio', 'uart', 'usb'].some((k) => k in config)).toBeFalsy();
    const map = (config.map ?? []) as unknown[];
    expect(map.some((m) => m === 'config' || (m as { type?: string })?.type === 'config')).toBe(false);
    expect(config.tmpfs === undefined || typeof config.tmpfs === 'boolean').toBe(true);
    expect(config.backup === 'cold' && ('backup_pre' in config || 'backup_post' in config)).toBe(false);
  });

  it('has a schema for every option, with valid types nested at most two deep', () => {
    const schema = config.schema as Record<string, unknown>;
    for (const key of Object.keys(config.options)) expect(schema, `options.${key}`).toHaveProperty(key);
    const check = (value: unknown, at: string, depth: number): void => {
      if (Array.isArray(value)) {
        expect(depth, at).toBeLessThan(2);
        value.forEach((v, i) => check(v, `${at}[${i}]`, depth + 1));
      } else if (value && typeof value === 'object') {
        expect(depth, at).toBeLessThan(2);
        for (const [k, v] of Object.entries(value)) check(v, `${at}.${k}`, depth + 1);
      } else expect(String(value), at).toMatch(SCHEMA_TYPE);
    };
    check(schema, 'schema', -1);
    // The options the add-on reads are exactly the schema's.
    expect(Object.keys(schema).sort()).toEqual(['appliances', 'cloud_url', 'email', 'household_power_entity_id', 'log_level', 'password', 'refresh_token']);
  });
});

describe('the rest of the add-on folder', () => {
  it('translates every option and nothing else', () => {
    const en = parseYaml(read('translations/en.yaml')) as { configuration: Record<string, { name: string; description: string; fields?: Record<string, unknown> }> };
    expect(Object.keys(en.configuration).sort()).toEqual(Object.keys(config.schema).sort());
    for (const [key, t] of Object.entries(en.configuration)) {
      expect(t.name, key).toBeTruthy();
      expect(t.description, key).toBeTruthy();
    }
    expect(Object.keys(en.configuration.appliances!.fields!).sort()).toEqual(Object.keys(config.schema.appliances[0]).sort());
  });

  it('builds FROM the Home Assistant base image with Node from Alpine, without the simulator', () => {
    const docker = read('Dockerfile');
    expect(docker).toMatch(/^FROM ghcr\.io\/home-assistant\/base:\d+\.\d+$/m);
    expect(docker).not.toMatch(/BUILD_FROM/);
    expect(docker).toMatch(/apk add --no-cache nodejs npm/);
    expect(docker).toMatch(/io\.hass\.type="app"/);
    // The image runs the add-on with the flags the bench measured.
    expect(docker).toContain(`CMD ${JSON.stringify(['node', ...ADDON_NODE_FLAGS, '/app/dist/main.js']).replace(/,/g, ', ')}`);
    expect(JSON.parse(read('package.json')).scripts.start).toBe(`node ${ADDON_NODE_FLAGS.join(' ')} dist/main.js`);
    const instructions = docker.split('\n').filter((l) => !l.startsWith('#'));
    expect(instructions.filter((l) => /^COPY/.test(l))).toEqual(['COPY package.json ./', 'COPY dist/ ./dist/']);
    expect(instructions.join('\n')).not.toMatch(/ha-sim|bench/);
    const ignore = read('.dockerignore').split('\n');
    expect(ignore).toEqual(expect.arrayContaining(['*', '!dist/', 'dist/ha-sim/', 'dist/bench/']));
  });

  it('has DOCS.md, a keep-a-changelog CHANGELOG.md naming this version, and repository.yaml at the root', () => {
    expect(read('DOCS.md')).toMatch(/^# /);
    expect(read('CHANGELOG.md')).toContain(`## [${config.version}]`);
    const repo = parseYaml(readFileSync(path.join(ROOT, 'repository.yaml'), 'utf8')) as Record<string, string>;
    expect(Object.keys(repo).sort()).toEqual(['maintainer', 'name', 'url']);
  });

  it('is the only config.yaml in the repository (the Supervisor searches recursively)', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name === '.git' || name === 'dist' || name === '.data') continue;
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/^config\.(ya?ml|json)$/.test(name)) found.push(path.relative(ROOT, p));
      }
    };
    walk(ROOT);
    expect(found).toEqual(['hub-addon/config.yaml']);
    expect(existsSync(path.join(ADDON, 'build.yaml'))).toBe(false);
  });
});

describe('parseYaml', () => {
  it('reads maps, lists of maps, quoted and folded values', () => {
    expect(parseYaml('a: "1.0"\nb:\n  - x: 1\n    y: two\n  - z: true\nc: >-\n  one\n  two\nd: []\n# note\n')).toEqual({ a: '1.0', b: [{ x: 1, y: 'two' }, { z: true }], c: 'one two', d: [] });
  });
});
