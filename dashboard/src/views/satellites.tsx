// Satellites: a claim code with its countdown, the claimed devices, remote control, delete.
import type { Device, EnrollToken } from '@offpeak/cloud/contract';
import { useEffect, useState } from 'preact/hooks';
import { useAccount } from '../account.js';
import { createEnrollToken, deleteDevice, listDevices, sendCommand, type ControlCommand } from '../api.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { CheckboxField, FormStatus, InputField, SelectField } from '../components/field.js';
import { PremiumNote } from '../components/premium-note.js';
import { Empty, Failed, Loading } from '../components/states.js';
import { formErrors, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { formatInstant } from '../format.js';
import { useLoad, usePage } from '../use-load.js';

/** How often the list is re-read while a claim code is live. */
const CLAIM_POLL_MS = 5_000;

export function Satellites() {
  usePage('Satellites');
  const devices = useLoad(listDevices);
  // While a claim code is live, look for the new satellite every few seconds.
  const [codeExpiresAt, setCodeExpiresAt] = useState<number | null>(null);
  useEffect(() => {
    if (codeExpiresAt === null) return;
    const timer = setInterval(() => {
      if (Date.now() > codeExpiresAt) setCodeExpiresAt(null);
      else void devices.reload();
    }, CLAIM_POLL_MS);
    return () => clearInterval(timer);
  }, [codeExpiresAt]);
  return (
    <section>
      <h1 tabIndex={-1}>Satellites</h1>
      <p class="lead">A satellite is a small infrared transmitter that runs the plan on an air conditioner without a smart thermostat.</p>
      <ClaimCode onClaimedCheck={devices.reload} onCreated={(c) => setCodeExpiresAt(Date.parse(c.expires_at))} />
      <section class="panel" aria-labelledby="devices-h">
        <h2 id="devices-h">Your satellites</h2>
        {devices.loading && !devices.data && <Loading what="your satellites" />}
        {devices.error !== undefined && <Failed error={devices.error} />}
        {devices.data && devices.data.length === 0 && (
          <Empty testid="devices-empty">No satellite claimed yet. Create a claim code and enter it on the satellite.</Empty>
        )}
        {devices.data?.map((d) => (
          <DeviceCard key={d.device_id} device={d} onDeleted={devices.reload} />
        ))}
      </section>
      <PremiumNote context="satellites" />
    </section>
  );
}

function useNow(ms: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

function ClaimCode({ onClaimedCheck, onCreated }: { onClaimedCheck: () => void; onCreated: (code: EnrollToken) => void }) {
  const [code, setCode] = useState<EnrollToken | null>(null);
  const [error, setError] = useState<string | null>(null);
  const now = useNow(1000);
  const left = code ? Math.max(0, Math.round((Date.parse(code.expires_at) - now) / 1000)) : 0;
  const create = async () => {
    try {
      const created = await createEnrollToken();
      setCode(created);
      onCreated(created);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section class="panel" aria-labelledby="claim-h">
      <h2 id="claim-h">Claim a satellite</h2>
      <p>Create a one-time claim code, then enter it on the satellite within 15 minutes.</p>
      <button type="button" onClick={create}>
        {code ? 'Create a new claim code' : 'Create a claim code'}
      </button>
      {code && (
        <div class="claim" data-testid="claim-code">
          <p>
            Claim code: <code class="code">{code.enroll_token}</code>
          </p>
          <p data-testid="claim-countdown">
            {left > 0 ? (
              <>
                Expires in <span>{`${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`}</span> (shown once; it works for one satellite).
              </>
            ) : (
              'This code has expired. Create a new one.'
            )}
          </p>
          <button type="button" class="secondary" onClick={onClaimedCheck}>
            I entered it: refresh the list
          </button>
        </div>
      )}
      <FormStatus id="claim" error={error} />
    </section>
  );
}

function DeviceCard({ device, onDeleted }: { device: Device; onDeleted: () => void }) {
  const { profile } = useAccount();
  const [error, setError] = useState<string | null>(null);
  const name = device.appliance_name ?? device.device_id;
  const remove = async () => {
    try {
      await deleteDevice(device.device_id);
      onDeleted();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <article class="card device" aria-labelledby={`dev-${device.device_id}`} data-testid="device-card">
      <h3 id={`dev-${device.device_id}`}>{name}</h3>
      <dl class="facts">
        <div>
          <dt>Serial</dt>
          <dd>{device.device_id}</dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd data-testid="last-seen">{formatInstant(device.last_seen_at, profile.timezone)}</dd>
        </div>
        <div>
          <dt>Firmware</dt>
          <dd>{device.firmware_version ?? 'unknown'}</dd>
        </div>
        <div>
          <dt>Signal</dt>
          <dd>{device.rssi == null ? 'unknown' : `${device.rssi} dBm`}</dd>
        </div>
      </dl>
      {device.appliance_id ? <RemoteControl applianceId={device.appliance_id} prefix={device.device_id} /> : <p>Not bound to an appliance: claim it again.</p>}
      <div class="actions">
        <ConfirmButton
          label={`Remove ${name}…`}
          groupLabel="Confirm removal"
          question="Remove this satellite? Its token stops working at once; the HVAC and its history stay."
          confirmLabel="Yes, remove"
          onConfirm={remove}
        />
      </div>
      <FormStatus id={`remove-${device.device_id}`} error={error} />
    </article>
  );
}

const UNCHANGED = { value: '', label: 'Leave as is' };
const REMOTE_LABELS = { power: 'Power', mode: 'Mode', target_temp_f: 'Target (°F)', fan: 'Fan' };

function RemoteControl({ applianceId, prefix }: { applianceId: string; prefix: string }) {
  const [mode, setMode] = useState('');
  const [target, setTarget] = useState('');
  const [power, setPower] = useState('');
  const [fan, setFan] = useState('');
  const [hold, setHold] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [status, setStatus] = useState<string | null>(null);
  const id = (k: string) => `${prefix}-${k}`;
  const submit = async (e: Event) => {
    e.preventDefault();
    setStatus(null);
    const body: ControlCommand = { hold };
    if (mode) body.mode = mode as ControlCommand['mode'];
    if (target.trim()) body.target_temp_f = Number(target);
    if (power) body.power = power === 'on';
    if (fan) body.fan = fan as ControlCommand['fan'];
    try {
      const { command_id } = await sendCommand(applianceId, body);
      setErrors(NO_ERRORS);
      setStatus(
        `Command ${command_id} queued: the satellite applies it within seconds${hold ? ' and holds it until you change it' : ' until the next half-hour'}.`,
      );
    } catch (err) {
      const e2 = formErrors(err, REMOTE_LABELS);
      setErrors(e2.fields.target_temp_f ? e2 : { fields: e2.fields, form: e2.form });
    }
  };
  return (
    <form onSubmit={submit} noValidate class="remote" aria-label={`Remote control of ${prefix}`}>
      <div class="grid">
        <SelectField
          id={id('power')}
          label={REMOTE_LABELS.power}
          value={power}
          onValue={setPower}
          options={[UNCHANGED, { value: 'on', label: 'On' }, { value: 'off', label: 'Off' }]}
        />
        <SelectField
          id={id('mode')}
          label={REMOTE_LABELS.mode}
          value={mode}
          onValue={setMode}
          options={[UNCHANGED, { value: 'COOL', label: 'Cool' }, { value: 'HEAT', label: 'Heat' }, { value: 'OFF', label: 'Off' }]}
        />
        <InputField
          id={id('target')}
          label={REMOTE_LABELS.target_temp_f}
          type="number"
          step={1}
          value={target}
          onValue={setTarget}
          error={errors.fields.target_temp_f}
        />
        <SelectField
          id={id('fan')}
          label={REMOTE_LABELS.fan}
          value={fan}
          onValue={setFan}
          options={[UNCHANGED, { value: 'low', label: 'Low' }, { value: 'high', label: 'High' }, { value: 'auto', label: 'Auto' }]}
        />
      </div>
      <CheckboxField id={id('hold')} label="Hold until I change it" checked={hold} onChecked={setHold} />
      <FormStatus id={id('command')} error={errors.form} saved={status} />
      <button type="submit">Send to satellite</button>
    </form>
  );
}
