import { useEffect, useState } from 'react';
import { useAttempt } from '../../../lib/use-attempt';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { TEXT } from '@store/domain/texts';
import type { TPriceCard } from '@store/domain/catalog';
import { Modal } from '../../../components/ui/modal';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/alert';
import { RadioGroup, SelectField, TextField } from '../../../components/form/fields';
import { fetchAgentGroups, fetchEnrollmentPlatforms, fetchMembershipFees, fetchMembershipPricing } from '../api/catalog';

/** Annual Income / Working Hours: both needed ('Please fill the both fields.'). */
export function IncomeHoursModal({
  open,
  initial,
  onClose,
  onSave,
}: {
  open: boolean;
  initial: { income: string; hours: string };
  onClose: () => void;
  onSave: (v: { income: string; hours: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [income, setIncome] = useState(initial.income);
  const [hours, setHours] = useState(initial.hours);
  const { busy, error, setError, attempt } = useAttempt();
  useEffect(() => {
    if (open) {
      setIncome(initial.income);
      setHours(initial.hours);
      setError(null);
    }
  }, [open, initial.income, initial.hours, setError]);
  const save = async () => {
    if (!income.trim() || !hours.trim()) return setError(TEXT.FILL_BOTH_FIELDS);
    await attempt(() => onSave({ income: income.trim(), hours: hours.trim() }));
  };
  return (
    <Modal
      open={open}
      title={t('Annual Income / Working Hours')}
      onClose={onClose}
      footer={
        <Button onClick={save} busy={busy}>
          {t('Save')}
        </Button>
      }
    >
      <Alert>{error ? t(error) : null}</Alert>
      <TextField
        label={t('Annual Income')}
        name="annual_incode"
        inputMode="numeric"
        value={income}
        onChange={(e) => setIncome(e.target.value.replace(/[^\d.]/g, ''))}
      />
      <TextField
        label={t('Working Hours')}
        name="working_hours"
        inputMode="numeric"
        value={hours}
        onChange={(e) => setHours(e.target.value.replace(/[^\d.]/g, ''))}
      />
    </Modal>
  );
}

export const TIER_MODAL_OPTIONS = [
  { value: 'IO', label: 'Member Only IO' },
  { value: 'IS', label: 'Member + Spouse IS' },
  { value: 'IC', label: 'Member + Child(ren) IC' },
  { value: 'IF', label: 'Family IF' },
];

/** 'Please choose the tier' (and the current-member tier modal): message 'Please choose a tier' when none chosen. */
export function TierModal({
  open,
  title = 'Please choose the tier',
  onClose,
  onChoose,
}: {
  open: boolean;
  title?: string;
  onClose: () => void;
  onChoose: (tier: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [tier, setTier] = useState<string | null>(null);
  const { busy, error, setError, attempt } = useAttempt();
  const go = async () => {
    if (!tier) return setError(TEXT.CHOOSE_TIER);
    await attempt(() => onChoose(tier));
  };
  return (
    <Modal
      open={open}
      title={t(title)}
      onClose={onClose}
      footer={
        <Button onClick={go} busy={busy}>
          {t('Continue')}
        </Button>
      }
    >
      <RadioGroup
        legend={t('Tier')}
        name="tier_choice"
        value={tier}
        options={TIER_MODAL_OPTIONS}
        onChange={(v) => {
          setTier(v);
          setError(null);
        }}
        error={error}
      />
    </Modal>
  );
}

/** Tobacco Usage: 'Do you smoke?' Yes/No -> is_smoker. */
export function TobaccoModal({
  open,
  onClose,
  onChoose,
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (smoker: '1' | '0') => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('Tobacco Usage')} onClose={onClose}>
      <p>{t('Do you smoke?')}</p>
      <div className="row">
        <Button onClick={() => void onChoose('1')}>{t('Yes')}</Button>
        <Button variant="secondary" onClick={() => void onChoose('0')}>
          {t('No')}
        </Button>
      </div>
    </Modal>
  );
}

/** The already-active message with OK. */
export function MessageModal({ open, message, onClose }: { open: boolean; message: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('Notice')} onClose={onClose} size="sm" footer={<Button onClick={onClose}>{t('OK')}</Button>}>
      <p>{t(message)}</p>
    </Modal>
  );
}

/** Membership picker of the Prudential-type flow: fee text and a Select MemberShip button per membership. */
export function MembershipModal({
  open,
  tempId,
  planId,
  onClose,
  onSelect,
}: {
  open: boolean;
  tempId: string;
  planId: number;
  onClose: () => void;
  onSelect: (m: TPriceCard) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const pricing = useQuery({ queryKey: ['membership-pricing', tempId], enabled: open, queryFn: () => fetchMembershipPricing(tempId) });
  // the fee and the association's text come in the language on screen
  const fees = useQuery({
    queryKey: ['membership-fees', planId, i18n.language],
    enabled: open,
    queryFn: () => fetchMembershipFees(planId),
  });
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal open={open} title={t('Choose your membership')} onClose={onClose} size="lg">
      <Alert>{error}</Alert>
      {(pricing.data?.plans ?? []).map((m) => {
        const fee = fees.data?.find((f) => f.plan_id === m.plan_id);
        return (
          <div key={m.plan_pricing_id} className="card">
            <h3>{m.plan_name}</h3>
            {fee && <div dangerouslySetInnerHTML={{ __html: fee.association_text }} />}
            <p>{fee ? t(fee.fee_text) : m.plan_price}</p>
            <Button onClick={() => onSelect(m).catch((err: Error) => setError(err.message))}>{t('Select MemberShip')}</Button>
          </div>
        );
      })}
    </Modal>
  );
}

/** Select portal (and, for a rep, a group): Back, Select, Done. */
export function SelectPortalModal({
  open,
  isRep,
  onClose,
  onDone,
}: {
  open: boolean;
  isRep: boolean;
  onClose: () => void;
  onDone: (v: { portal: { id: number; name: string; code: string }; group: { id: number; name: string; code: string } | null }) => void;
}) {
  const { t } = useTranslation();
  const portals = useQuery({ queryKey: ['enrollment-platforms'], enabled: open, queryFn: fetchEnrollmentPlatforms });
  const groups = useQuery({ queryKey: ['agent-groups'], enabled: open && isRep, queryFn: fetchAgentGroups });
  const [portal, setPortal] = useState('');
  const [group, setGroup] = useState('');
  const [step, setStep] = useState<'portal' | 'group'>('portal');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const select = () => {
    if (!portal) return setErrors({ portal: TEXT.CHOOSE_PLATFORM });
    setErrors({});
    if (isRep) setStep('group');
    else done();
  };
  const done = () => {
    if (isRep && !group) return setErrors({ group: TEXT.CHOOSE_GROUP });
    const p = portals.data?.find((x) => String(x.platform_group_id) === (portal || ''));
    const g = groups.data?.find((x) => String(x.gid) === group);
    if (!p) return setErrors({ portal: TEXT.CHOOSE_PLATFORM });
    onDone({
      portal: { id: p.platform_group_id, name: p.platform_name, code: p.platform_code },
      group: g ? { id: g.gid, name: g.gname, code: g.gcode } : null,
    });
  };
  return (
    <Modal
      open={open}
      title={t(TEXT.CHOOSE_ENROLLMENT_PORTAL)}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={() => (step === 'group' ? setStep('portal') : onClose())}>
            {t('Back')}
          </Button>
          {step === 'portal' && isRep ? (
            <Button onClick={select}>{t('Select')}</Button>
          ) : (
            <Button onClick={step === 'portal' ? select : done}>{t('Done')}</Button>
          )}
        </>
      }
    >
      {step === 'portal' ? (
        <SelectField
          label={t('Portal')}
          name="portal"
          value={portal}
          onChange={(e) => setPortal(e.target.value)}
          placeholder="Select"
          options={(portals.data ?? []).map((p) => ({
            value: String(p.platform_group_id),
            label: `${p.platform_name} (${p.platform_code})`,
          }))}
          error={errors.portal}
        />
      ) : (
        <SelectField
          label={t('Group')}
          name="group"
          value={group}
          onChange={(e) => setGroup(e.target.value)}
          placeholder="Select"
          options={(groups.data ?? []).map((g) => ({ value: String(g.gid), label: `${g.gname} (${g.gcode})` }))}
          error={errors.group}
        />
      )}
    </Modal>
  );
}
