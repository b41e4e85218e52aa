// The add-on's packaging read the way the Supervisor reads it: config.yaml against the add-on
// linter's rules (frenck/action-addon-linter) and the Supervisor's option rules, the files its store
// shows, and the Dockerfile built from the add-on folder alone (the Supervisor's build context).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
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
/** The option types the Supervisor accepts (its RE_SCHEMA_ELEMENT), `?` marking an optional one. */
const SCHEMA_TYPE =
  /^(bool|email|url|port|device(\(subsystem=[a-z]+\))?|str(\(\d*,\d*\))?|password(\(\d*,\d*\))?|int(\(-?\d*,-?\d*\))?|float(\(-?\d*\.?\d*,-?\d*\.?\d*\))?|match\(.*\)|list\(.+\))\??$/;

describe('config.yaml', () => {
  it('has the required keys, and only keys the linter knows', () => {
    for (const key of ['name', 'version', 'slug', 'description', 'arch']) expect(config[key], key).toBeTruthy();
    expect(Object.keys(config).filter((k) => !KNOWN_KEYS.has(k))).toEqual([]);
    expect(config.slug).toMatch(/^[a-z0-9_]+$/);
    expect(config.version).toBe(JSON.parse(read('package.json')).version);
  });

  it('names no image until a release pushes one, so the Supervisor builds the folder; an unreleased version is experimental', () => {
    expect(config).not.toHaveProperty('image');
    expect(config.stage).toBe('experimental');
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
    expect(Object.keys(schema).sort()).toEqual([
      'appliances',
      'cloud_url',
      'email',
      'household_power_entity_id',
      'log_level',
      'password',
      'refresh_token',
      'share_location',
    ]);
  });

  it('gives a default only to required options: an optional one (`?`) has none, or the Supervisor would require it', () => {
    const schema = config.schema as Record<string, unknown>;
    const optional = Object.keys(schema).filter((k) => typeof schema[k] === 'string' && (schema[k] as string).endsWith('?'));
    expect(optional.sort()).toEqual(['cloud_url', 'email', 'household_power_entity_id', 'password', 'refresh_token']);
    expect(Object.keys(config.options).filter((k) => optional.includes(k))).toEqual([]);
    expect(config.options).toEqual({ log_level: 'info', share_location: true, appliances: [] });
    expect(schema.share_location).toBe('bool');
    expect(schema.log_level).toBe('list(debug|info|warning|error)');
    expect(schema.cloud_url).toBe('url?');
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

describe('the add-on folder as the Supervisor builds it (the folder alone is the context)', () => {
  // What a Supervisor's clone of the repository holds in hub-addon/: the files git keeps.
  const context = mkdtempSync(path.join(tmpdir(), 'addon-context-'));
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '.'], { cwd: ADDON, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f && existsSync(path.join(ADDON, f)));
  for (const file of tracked) {
    mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
    cpSync(path.join(ADDON, file), path.join(context, file));
  }
  afterAll(() => rmSync(context, { recursive: true, force: true }));
  const docker = readFileSync(path.join(context, 'Dockerfile'), 'utf8');
  const instructions = docker.split('\n').filter((l) => l && !l.startsWith('#'));
  const stages = instructions.filter((l) => l.startsWith('FROM ')).map((l) => / AS (\S+)$/.exec(l)?.[1] ?? null);
  const runtime = instructions.slice(instructions.findLastIndex((l) => l.startsWith('FROM ')));

  it('has the files the store shows: README, DOCS, CHANGELOG, translations, an AppArmor profile, a 128x128 icon and a logo', () => {
    for (const file of ['README.md', 'DOCS.md', 'CHANGELOG.md', 'translations/en.yaml', 'apparmor.txt', 'icon.png', 'logo.png'])
      expect(existsSync(path.join(context, file)), file).toBe(true);
    expect(pngSize(path.join(context, 'icon.png'))).toEqual({ width: 128, height: 128 });
    const logo = pngSize(path.join(context, 'logo.png'));
    expect(logo.width).toBeGreaterThanOrEqual(200);
    expect(logo.width).toBeLessThanOrEqual(300);
    expect(logo.width / logo.height).toBeCloseTo(2.5, 0);
  });

  it('shows homeowners a short README: what it does and how to install, no developer commands', () => {
    const readme = readFileSync(path.join(context, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThan(60);
    expect(readme).toMatch(/^# Offpeak/);
    expect(readme).toContain('Repositories');
    expect(readme).not.toMatch(/\bnpm\b|docker|vitest|Dockerfile/i);
  });

  it('confines Node.js to its code, /data and the network in a profile named after the slug', () => {
    const profile = readFileSync(path.join(context, 'apparmor.txt'), 'utf8');
    expect(profile).toMatch(new RegExp(`^profile ${config.slug} flags=\\(attach_disconnected,mediate_deleted\\) \\{$`, 'm'));
    expect(profile).toContain('/usr/bin/node cx -> node,');
    const child = profile.slice(profile.indexOf('profile node '));
    expect(child).toContain(`signal (receive) peer=*_${config.slug},`);
    for (const rule of ['/app/** r,', '/data/** rw,', 'network inet stream,']) expect(child).toContain(rule);
    // No blanket file, network or capability rule for the add-on itself.
    expect(child).not.toMatch(/^\s*(file,|network,|capability\b)/m);
  });

  it('is built by its Dockerfile (no Dockerfile per arch, no ignore file, nothing copied from beyond the folder)', () => {
    expect(readdirSync(context).filter((f) => /^Dockerfile\.|\.dockerignore$/.test(f))).toEqual([]);
    for (const { from, sources } of dockerCopies(docker)) {
      if (from) expect(stages, `--from=${from}`).toContain(from);
      else
        for (const source of sources.map((s) => s.replace(/^\$\{(\w+)\}$/, (_, arg: string) => argDefault(instructions, arg)))) {
          // A URL (ADD) is fetched by the builder; anything else must be in the folder.
          if (!/^https:\/\//.test(source)) expect(existsSync(path.join(context, source)), source).toBe(true);
        }
    }
  });

  it("builds on Home Assistant's base image as its builders pass it, with Node from Alpine, without the simulator", () => {
    expect(instructions[0]).toMatch(/^ARG BUILD_FROM=ghcr\.io\/home-assistant\/base:\d+\.\d+$/);
    expect(instructions.filter((l) => l.startsWith('FROM ')).at(-1)).toBe('FROM ${BUILD_FROM}');
    expect(runtime).toEqual(expect.arrayContaining(['ARG BUILD_VERSION', 'ARG BUILD_ARCH', 'RUN apk add --no-cache nodejs npm']));
    expect(runtime.at(-1)).toMatch(/io\.hass\.version="\$\{BUILD_VERSION\}" io\.hass\.type="app" io\.hass\.arch="\$\{BUILD_ARCH\}"/);
    // The image runs the add-on with the flags the bench measured.
    expect(runtime).toContain(`CMD ${JSON.stringify(['node', ...ADDON_NODE_FLAGS, '/app/dist/main.js']).replace(/,/g, ', ')}`);
    expect(JSON.parse(read('package.json')).scripts.start).toBe(`node ${ADDON_NODE_FLAGS.join(' ')} dist/main.js`);
    expect(instructions.join('\n')).not.toMatch(/ha-sim|bench/);
  });

  it("fetches the repository's source named in repository.yaml, which the release script replaces by the working tree", () => {
    const repo = parseYaml(readFileSync(path.join(ROOT, 'repository.yaml'), 'utf8')) as { url: string };
    expect(instructions).toContain(`ARG OFFPEAK_SOURCE=${repo.url}/archive/refs/heads/main.tar.gz`);
    expect(instructions).toContain('FROM scratch AS source');
    const release = execFileSync(process.execPath, [path.join(ADDON, 'scripts/release-image.mjs'), '--dry-run', '--arch', 'amd64'], { encoding: 'utf8' });
    expect(release).toMatch(/ --build-context source=\. --file hub-addon\/Dockerfile .* hub-addon$/m);
    // The builder's sources are there in the repository root, and the root .dockerignore keeps them.
    const ignored = dockerIgnored(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8'));
    const sources = dockerCopies(docker)
      .filter((c) => c.from === 'source')
      .flatMap((c) => c.sources);
    expect(sources).toEqual(['package.json', 'package-lock.json', 'tsconfig.json', 'client-kit/', 'cloud/', 'hub-addon/']);
    for (const source of sources) {
      const rel = source.replace(/\/$/, '');
      expect(existsSync(path.join(ROOT, rel)), source).toBe(true);
      expect(ignored(rel), source).toBe(false);
    }
  });

  it("unpacks the archive as GitHub serves it (one top folder, <repo>-main/) into the repository's root", () => {
    const work = mkdtempSync(path.join(tmpdir(), 'addon-download-'));
    try {
      // The archive of the committed tree, laid out as GitHub's, then the download stage's RUN with its paths under `work`.
      execFileSync('git', ['archive', '--format=tar.gz', '--prefix=offpeak-main/', '-o', path.join(work, 'source.tar.gz'), 'HEAD'], { cwd: ROOT });
      const run = instructions.find((l) => l.startsWith('RUN ') && l.includes('/source.tar.gz'))!;
      execFileSync('sh', ['-c', run.slice('RUN '.length).replaceAll('/source', `${work}/source`)]);
      for (const file of ['package.json', 'package-lock.json', 'client-kit/package.json', 'cloud/package.json', 'hub-addon/Dockerfile'])
        expect(existsSync(path.join(work, 'source', file)), file).toBe(true);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
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

/** The default of `ARG name=value` in a Dockerfile's instructions. */
function argDefault(instructions: string[], name: string): string {
  const arg = instructions.find((l) => l.startsWith(`ARG ${name}=`));
  if (!arg) throw new Error(`the Dockerfile has no default for ARG ${name}`);
  return arg.slice(`ARG ${name}=`.length);
}

/** Width and height of a PNG, from its IHDR chunk; throws on anything that is not a PNG. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    throw new Error(`${file} is not a PNG`);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

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
