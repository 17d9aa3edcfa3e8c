import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_CONFIRMATION_WINDOW_DAYS,
  DEFAULT_FILE_RETENTION_DAYS,
  ISA_QUALIFIERS,
  ZNewCarrierForm,
  type TCarrier,
  type TNewCarrierFormIn,
  type TNewCarrierFormOut,
} from '@store/domain/carriers';
import { SelectField, TextAreaField, TextField } from '../../../components/form/fields';
import { applyServerErrors } from '../../../components/form/server-errors';
import { Alert, Spinner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useCarriers, useCreateCarrier, useSaveCarrier } from '../api/carriers';
import { BATCH_LABELS, DELIVERY_LABELS, USAGE_LABELS } from './carriers-page';
import { SaveOutcome, useSaveOutcome } from '../components/save-outcome';
import { ImageField } from '../components/image-field';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const REMITTANCE_LABELS: Record<string, string> = { daily: 'Each billing day', monthly: 'On the first day of each month' };
const QUALIFIERS = ISA_QUALIFIERS.map((q) => ({ value: q, label: q }));
const FIELDS = [
  'name',
  'isa_sender_qualifier',
  'isa_sender_id',
  'isa_receiver_qualifier',
  'isa_receiver_id',
  'group_number',
  'federal_tax_id',
  'usage_indicator',
  'delivery_method',
  'batch_mode',
  'remittance_schedule',
  'ack_window_hours',
  'confirmation_window_days',
  'file_retention_days',
  'sftp_host',
  'sftp_port',
  'sftp_username',
  'sftp_remote_dir',
  'sftp_host_key',
  'sftp_password',
  'sftp_private_key',
  'member_phone',
  'payer_id',
  'claims_address',
  'logo',
  'appoint_all_reps',
] as const;

/** A new carrier's settings before the operator types them: test interchanges, a file per enrollment, the folder. */
const NEW_CARRIER: TNewCarrierFormIn = {
  name: '',
  isa_sender_qualifier: 'ZZ',
  isa_sender_id: '',
  isa_receiver_qualifier: 'ZZ',
  isa_receiver_id: '',
  group_number: '',
  federal_tax_id: '',
  usage_indicator: 'T',
  delivery_method: 'folder',
  batch_mode: 'per_enrollment',
  remittance_schedule: 'daily',
  ack_window_hours: 48,
  confirmation_window_days: DEFAULT_CONFIRMATION_WINDOW_DAYS,
  file_retention_days: DEFAULT_FILE_RETENTION_DAYS,
  sftp_host: '',
  sftp_port: 22,
  sftp_username: '',
  sftp_remote_dir: '',
  sftp_host_key: '',
  sftp_password: '',
  sftp_private_key: '',
  member_phone: '',
  payer_id: '',
  claims_address: '',
  logo: '',
  appoint_all_reps: true,
};

/** A new carrier (decision 2640, amended): it appoints every current rep unless the operator unticks it. */
export function NewCarrierPage() {
  const { t } = useTranslation();
  return (
    <section>
      <p>
        <Link to="/admin/carriers">{t('All carriers')}</Link>
      </p>
      <h1>{t('New carrier')}</h1>
      <CarrierForm />
    </section>
  );
}

/** One carrier's settings: interchange ids, group number, test or production, delivery, batch and window. */
export function CarrierPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const carriers = useCarriers();
  const carrier = carriers.data?.find((c) => c.id === id);
  if (carriers.isLoading) return <Spinner />;
  return (
    <section>
      <p>
        <Link to="/admin/carriers">{t('All carriers')}</Link>
      </p>
      {carrier ? (
        <>
          <h1>{carrier.name}</h1>
          <CarrierForm key={carrier.id} carrier={carrier} />
        </>
      ) : (
        <Alert>{t('Not found')}</Alert>
      )}
    </section>
  );
}

/** A carrier's settings, or a new carrier's (no carrier: "Appoint every current rep" is asked, and it is created). */
function CarrierForm({ carrier }: { carrier?: TCarrier }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveCarrier(carrier?.id ?? 0);
  const create = useCreateCarrier();
  const outcome = useSaveOutcome();
  const { attempt } = outcome;
  const { id: _id, plan_count: _p, sftp_secret_set: secretSet, ...values } = carrier ?? { id: 0, plan_count: 0, sftp_secret_set: false };
  const { register, handleSubmit, setError, setValue, formState, watch } = useForm<TNewCarrierFormIn, unknown, TNewCarrierFormOut>({
    resolver: zodResolver(ZNewCarrierForm),
    defaultValues: carrier ? ({ ...values, sftp_password: '', sftp_private_key: '' } as TNewCarrierFormIn) : NEW_CARRIER,
    // The error summary takes the focus (its links lead to the fields).
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit((body) =>
    attempt(
      async () => {
        const { appoint_all_reps: _all, ...settings } = body;
        if (carrier) return save.mutateAsync(settings);
        const created = await create.mutateAsync(body);
        await navigate(`/admin/carriers/${created.id}`);
        return created;
      },
      carrier ? 'Carrier saved.' : null,
      (err) => applyServerErrors(err, setError, FIELDS),
    ),
  );
  const e = formState.errors as Record<string, { message?: string } | undefined>;
  const err = (name: (typeof FIELDS)[number]) => (e[name]?.message ? t(e[name]!.message!) : undefined);
  const sftp = watch('delivery_method') === 'sftp';
  return (
    <form className="admin-card" onSubmit={onSubmit} noValidate>
      <SaveOutcome outcome={outcome} form={formState} />
      <div className="admin-form">
        <TextField label={t('Name')} error={err('name')} {...register('name')} />
        <TextField label={t('Group or policy number')} error={err('group_number')} {...register('group_number')} />
        <TextField label={t('Federal tax id')} error={err('federal_tax_id')} {...register('federal_tax_id')} />
        <SelectField
          label={t('Sender ID qualifier')}
          options={QUALIFIERS}
          error={err('isa_sender_qualifier')}
          {...register('isa_sender_qualifier')}
        />
        <TextField label={t('Sender ID')} error={err('isa_sender_id')} {...register('isa_sender_id')} />
        <SelectField
          label={t('Receiver ID qualifier')}
          options={QUALIFIERS}
          error={err('isa_receiver_qualifier')}
          {...register('isa_receiver_qualifier')}
        />
        <TextField label={t('Receiver ID')} error={err('isa_receiver_id')} {...register('isa_receiver_id')} />
        <SelectField label={t('Usage')} options={options(USAGE_LABELS)} error={err('usage_indicator')} {...register('usage_indicator')} />
        <SelectField label={t('Batch')} options={options(BATCH_LABELS)} error={err('batch_mode')} {...register('batch_mode')} />
        <SelectField
          label={t('Premium remittance (820)')}
          options={options(REMITTANCE_LABELS)}
          error={err('remittance_schedule')}
          {...register('remittance_schedule')}
        />
        <TextField
          label={t('Acknowledgment window (hours)')}
          inputMode="numeric"
          error={err('ack_window_hours')}
          {...register('ack_window_hours')}
        />
        <TextField
          label={t('Confirmation window (days)')}
          inputMode="numeric"
          hint={t('Days after the first premium collected within which the carrier confirms a plan; later, it is flagged.')}
          error={err('confirmation_window_days')}
          {...register('confirmation_window_days')}
        />
        <TextField
          label={t('Keep files after acknowledgment (days)')}
          inputMode="numeric"
          hint={t('A file no 999 accepted stays until it is marked resolved.')}
          error={err('file_retention_days')}
          {...register('file_retention_days')}
        />
        <fieldset className="admin-form field wide">
          <legend>{t("The member's ID card")}</legend>
          <TextField label={t('Member services phone')} inputMode="tel" error={err('member_phone')} {...register('member_phone')} />
          <TextField label={t('Payer ID')} error={err('payer_id')} {...register('payer_id')} />
          <TextAreaField label={t('Claims address')} rows={3} error={err('claims_address')} {...register('claims_address')} />
          <ImageField
            label={t('Carrier logo')}
            name="logo"
            value={watch('logo') ?? ''}
            onChange={(url) => setValue('logo', url, { shouldDirty: true })}
            error={err('logo')}
          />
        </fieldset>
        <SelectField
          label={t('Delivery')}
          options={options(DELIVERY_LABELS)}
          error={err('delivery_method')}
          {...register('delivery_method')}
        />
        {sftp && (
          <>
            <TextField label={t('SFTP host')} error={err('sftp_host')} {...register('sftp_host')} />
            <TextField label={t('SFTP port')} inputMode="numeric" error={err('sftp_port')} {...register('sftp_port')} />
            <TextField label={t('SFTP user')} autoComplete="off" error={err('sftp_username')} {...register('sftp_username')} />
            <TextField label={t('Remote folder')} error={err('sftp_remote_dir')} {...register('sftp_remote_dir')} />
            <TextField label={t('Host key fingerprint')} hint="SHA256:…" error={err('sftp_host_key')} {...register('sftp_host_key')} />
            <TextField
              label={t('SFTP password')}
              type="password"
              autoComplete="new-password"
              hint={secretSet ? t('A secret is stored; leave empty to keep it (a new host or port needs it again).') : undefined}
              error={err('sftp_password')}
              {...register('sftp_password')}
            />
            <div className="wide">
              <TextAreaField label={t('SFTP private key')} rows={4} error={err('sftp_private_key')} {...register('sftp_private_key')} />
            </div>
          </>
        )}
      </div>
      {!carrier && (
        <div className="field">
          <label className="radio-option">
            <input type="checkbox" aria-describedby="appoint-all-hint" {...register('appoint_all_reps')} /> {t('Appoint every current rep')}
          </label>
          <div id="appoint-all-hint" className="field-hint">
            {t('Every active rep and agency, the house agency included, offers its plans at once.')}
          </div>
        </div>
      )}
      <div className="admin-actions">
        <Button type="submit" busy={formState.isSubmitting}>
          {carrier ? t('Save carrier') : t('Create carrier')}
        </Button>
      </div>
    </form>
  );
}
