// The add-on's packaging against the add-on linter's rules (frenck/action-addon-linter) and the Supervisor's conventions.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADDON_NODE_FLAGS } from '../src/node-flags.js';
import { dockerCopies, dockerIgnored } from './support/image-files.js';
import { parseYaml } from './support/yaml.js';

const ADDON = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.dirname(ADDON);
const read = (rel: string) => readFileSync(path.join(ADDON, rel), 'utf8');
const config = parseYaml(read('config.yaml')) as Record<string, any>;

/** Keys the linter's JSON schema allows (additionalProperties: false). */
const KNOWN_KEYS = new Set(
  'name version slug description arch machine url startup boot ports ports_description host_network host_ipc host_dbus host_pid host_uts devices homeassistant hassio_role hassio_api homeassistant_api docker_api privileged full_access apparmor map environment audio video gpio usb uart udev devicetree kernel_modules stdin legacy options schema image timeout tmpfs discovery services auth_api ingress ingress_port ingress_entry ingress_stream panel_icon panel_title panel_admin backup backup_exclude backup_pre backup_post advanced stage init realtime journald breaking_versions ulimits webui'.split(
    ' ',
  ),
);
/** Keys whose default value the linter refuses to see written out. */
const DEFAULTS: Record<string, unknown> = {
  startup: 'application',
  boot: 'auto',
  init: true,
  hassio_api: false,
  homeassistant_api: false,
  docker_api: false,
  auth_api: false,
  host_network: false,
  host_ipc: false,
  host_dbus: false,
  host_pid: false,
  host_uts: false,
  full_access: false,
  apparmor: true,
  audio: false,
  video: false,
  gpio: false,
  usb: false,
  uart: false,
  udev: false,
  devicetree: false,
  kernel_modules: false,
  stdin: false,
  legacy: false,
  advanced: false,
  realtime: false,
  journald: false,
  ingress: false,
  ingress_port: 8099,
  ingress_entry: '/',
  ingress_stream: false,
  panel_icon: 'mdi:puzzle',
  panel_admin: true,
  hassio_role: 'default',
  stage: 'stable',
  timeout: 10,
  tmpfs: false,
  backup: 'hot',
};
const SCHEMA_TYPE =
  /^(str(\(\d*,\d*\))?|bool|int(\(-?\d*,-?\d*\))?|float(\(-?[\d.]*,-?[\d.]*\))?|email|url|password|port|match\(.+\)|list\([^)]+\)|device(\(.*\))?)\??$/;

describe('config.yaml', () => {
  it('has the required keys, and only keys the linter knows', () => {
    for (const key of ['name', 'version', 'slug', 'description', 'arch']) expect(config[key], key).toBeTruthy();
    expect(Object.keys(config).filter((k) => !KNOWN_KEYS.has(k))).toEqual([]);
    expect(config.slug).toMatch(/^[a-z0-9_]+$/);
    expect(config.version).toBe(JSON.parse(read('package.json')).version);
    // Prebuilt images: the Supervisor pulls <image>:<version> with {arch} filled in.
    expect(config.image).toBe('ghcr.io/offpeak/{arch}-addon-offpeak');
  });

  it('sets no key to its default value', () => {
    expect(
      Object.entries(DEFAULTS)
        .filter(([k, v]) => k in config && config[k] === v)
        .map(([k]) => k),
    ).toEqual([]);
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
    const en = parseYaml(read('translations/en.yaml')) as {
      configuration: Record<string, { name: string; description: string; fields?: Record<string, unknown> }>;
    };
    expect(Object.keys(en.configuration).sort()).toEqual(Object.keys(config.schema).sort());
    for (const [key, t] of Object.entries(en.configuration)) {
      expect(t.name, key).toBeTruthy();
      expect(t.description, key).toBeTruthy();
    }
    expect(Object.keys(en.configuration.appliances!.fields!).sort()).toEqual(Object.keys(config.schema.appliances[0]).sort());
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
        if (['node_modules', '.git', 'dist', '.data', 'local-addon'].includes(name)) continue;
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

describe('the release Dockerfile (repository root as context)', () => {
  const docker = read('Dockerfile');
  const instructions = docker.split('\n').filter((l) => l && !l.startsWith('#'));
  const ignored = dockerIgnored(read('Dockerfile.dockerignore'));
  const runtime = instructions.slice(instructions.findLastIndex((l) => l.startsWith('FROM ')));

  it("builds on Home Assistant's base image as its builders pass it, with Node from Alpine, without the simulator", () => {
    expect(instructions[0]).toMatch(/^ARG BUILD_FROM=ghcr\.io\/home-assistant\/base:\d+\.\d+$/);
    expect(instructions.filter((l) => l.startsWith('FROM '))).toEqual([
      expect.stringMatching(/^FROM --platform=\$BUILDPLATFORM node:\d+-alpine AS builder$/),
      'FROM ${BUILD_FROM}',
    ]);
    expect(runtime).toEqual(expect.arrayContaining(['ARG BUILD_VERSION', 'ARG BUILD_ARCH', 'RUN apk add --no-cache nodejs npm']));
    expect(runtime.at(-1)).toMatch(/io\.hass\.version="\$\{BUILD_VERSION\}" io\.hass\.type="app" io\.hass\.arch="\$\{BUILD_ARCH\}"/);
    // The image runs the add-on with the flags the bench measured.
    expect(runtime).toContain(`CMD ${JSON.stringify(['node', ...ADDON_NODE_FLAGS, '/app/dist/main.js']).replace(/,/g, ', ')}`);
    expect(JSON.parse(read('package.json')).scripts.start).toBe(`node ${ADDON_NODE_FLAGS.join(' ')} dist/main.js`);
    expect(instructions.join('\n')).not.toMatch(/ha-sim|bench/);
  });

  it('copies into its builder only what the repository has and Dockerfile.dockerignore lets through', () => {
    const sources = dockerCopies(docker)
      .filter((c) => !c.from)
      .flatMap((c) => c.sources);
    expect(sources).toEqual(expect.arrayContaining(['package-lock.json', 'client-kit/', 'cloud/', 'hub-addon/']));
    for (const source of sources) {
      const rel = source.replace(/\/$/, '');
      expect(existsSync(path.join(ROOT, rel)), source).toBe(true);
      expect(ignored(rel), source).toBe(false);
      if (statSync(path.join(ROOT, rel)).isDirectory()) expect(ignored(`${rel}/package.json`), `${rel}/package.json`).toBe(false);
    }
  });

  it('has a small build context: sources and manifests, no build output, installed packages, data or tests', () => {
    const kept: string[] = [];
    let bytes = 0;
    const walk = (rel: string) => {
      for (const name of readdirSync(path.join(ROOT, rel))) {
        const child = rel ? `${rel}/${name}` : name;
        if (name === '.git' || name === 'node_modules') continue;
        if (statSync(path.join(ROOT, child)).isDirectory()) walk(child);
        else if (!ignored(child)) {
          kept.push(child);
          bytes += statSync(path.join(ROOT, child)).size;
        }
      }
    };
    walk('');
    expect(kept).toEqual(
      expect.arrayContaining([
        'package.json',
        'package-lock.json',
        'tsconfig.json',
        'client-kit/src/index.ts',
        'cloud/src/contract/index.ts',
        'hub-addon/src/main.ts',
        'hub-addon/scripts/package-addon.mjs',
      ]),
    );
    expect(kept.filter((f) => /(^|\/)(dist|\.data|test|local-addon|dashboard|e2e|firmware-sim)\/|\.test\.ts$/.test(f))).toEqual([]);
    expect(bytes).toBeLessThan(5_000_000);
  });

  it('builds with the package script: it installs the workspaces the script builds, and the image takes what the script writes', () => {
    const plan = execFileSync(process.execPath, [path.join(ADDON, 'scripts/package-addon.mjs'), '--dry-run', '/addon'], { encoding: 'utf8' });
    const built = [...plan.matchAll(/npm run build -w (\S+)/g)].map((m) => m[1]);
    expect(built).toEqual(['client-kit', 'cloud', 'hub-addon']);
    const install = instructions.find((l) => l.startsWith('RUN npm ci ') && !l.includes('--omit=dev'));
    expect([...install!.matchAll(/ -w (\S+)/g)].map((m) => m[1])).toEqual(built);
    expect(instructions).toContain('RUN node hub-addon/scripts/package-addon.mjs /addon');
    expect(dockerCopies(runtime.join('\n'))).toEqual([
      { from: 'builder', sources: ['/addon/package.json', '/addon/package-lock.json'], dest: './' },
      { from: 'builder', sources: ['/addon/dist/'], dest: './dist/' },
    ]);
    expect(runtime).toContain('RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force');
  });
});

describe('parseYaml', () => {
  it('reads maps, lists of maps, quoted and folded values', () => {
    expect(parseYaml('a: "1.0"\nb:\n  - x: 1\n    y: two\n  - z: true\nc: >-\n  one\n  two\nd: []\n# note\n')).toEqual({
      a: '1.0',
      b: [{ x: 1, y: 'two' }, { z: true }],
      c: 'one two',
      d: [],
    });
  });
});
