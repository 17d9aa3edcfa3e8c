import { useEffect, useState } from 'react';
import { formatCents } from '@store/domain/pricing';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { DateField, RadioGroup, SelectField, TextField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { PriceBlock } from '../../components/ui/price-block';
import { Stepper } from '../../components/ui/stepper';
import { ColourTokens, TypeSpacingRadiusElevation } from './token-sections';
import './style-guide.css';

/** Keeps search engines off this page while it shows: <meta name="robots" content="noindex">. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

const TIERS = [
  { value: 'IO', label: 'Member Only' },
  { value: 'IS', label: 'Member + Spouse' },
];

/**
 * The style guide (/style-guide): every design token and every component of components/ui, for developers.
 * Not linked from the store and not indexed; the colours shown are this host's (its site settings).
 */
export function StyleGuidePage() {
  useNoIndex();
  const [modal, setModal] = useState(false);
  const [tier, setTier] = useState('IO');
  return (
    <div className="page style-guide">
      <h1>Style guide</h1>
      <p className="muted">
        The design tokens (styles/tokens.css) and the components (components/ui) of the store, for developers. Brand colours come from this
        site&apos;s settings.
      </p>
      <ColourTokens />
      <TypeSpacingRadiusElevation />

      <section className="sg-section" aria-labelledby="sg-buttons">
        <h2 id="sg-buttons">Buttons</h2>
        <div className="sg-row">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="link">Link</Button>
          <Button variant="danger">Remove</Button>
          <Button disabled>Disabled</Button>
          <Button busy>Saving</Button>
        </div>
        <div className="sg-row">
          <Button size="sm">Small</Button>
          <Button size="lg">Large</Button>
          <a className={buttonClass('secondary')} href="#sg-buttons">
            A link styled as a button
          </a>
        </div>
        <Button block>Full width</Button>
      </section>

      <section className="sg-section" aria-labelledby="sg-fields">
        <h2 id="sg-fields">Fields</h2>
        <form className="sg-fields" noValidate onSubmit={(e) => e.preventDefault()} aria-label="Field examples">
          <TextField label="Zip code" name="sg_zip" inputMode="numeric" hint="Five digits" required />
          <TextField label="Email" name="sg_email" error="Enter a valid e-mail address" defaultValue="jane@" />
          <DateField label="Date of birth" name="sg_dob" />
          <SelectField label="Tier" name="sg_tier" placeholder="Select" options={TIERS} />
          <RadioGroup legend="Who needs covered?" name="sg_who" value={tier} options={TIERS} onChange={setTier} />
        </form>
      </section>

      <section className="sg-section" aria-labelledby="sg-cards">
        <h2 id="sg-cards">Cards, badges and price blocks</h2>
        <div className="grid">
          <Card title="Dental Essentials" level={3}>
            <p className="sg-row">
              <Badge tone="brand">Most popular</Badge>
              <Badge tone="success">No waiting period</Badge>
            </p>
            <PriceBlock price={formatCents(2699)} label="Monthly premium" note="Member Only" />
          </Card>
          <Card title="Dental Preferred Plus" level={3} raised>
            <p className="sg-row">
              <Badge>PPO</Badge>
              <Badge tone="warning">6-month wait for major</Badge>
              <Badge tone="info">Orthodontia</Badge>
              <Badge tone="danger">Not in your state</Badge>
            </p>
            <PriceBlock price={formatCents(3399)} size="lg" />
          </Card>
        </div>
      </section>

      <section className="sg-section" aria-labelledby="sg-steppers">
        <h2 id="sg-steppers">Steppers</h2>
        <Stepper label="Enrollment steps" current={1} steps={['Personal info', 'Contact', 'Dependents', 'Payment']} />
      </section>

      <section className="sg-section" aria-labelledby="sg-alerts">
        <h2 id="sg-alerts">Alerts</h2>
        <Alert kind="info" title="Good to know">
          Coverage starts on the first day of next month.
        </Alert>
        <Alert kind="success">Your enrollment was saved.</Alert>
        <Alert kind="warning">This plan has a waiting period for major services.</Alert>
        <Alert kind="error">The card was declined.</Alert>
      </section>

      <section className="sg-section" aria-labelledby="sg-modal">
        <h2 id="sg-modal">Dialog</h2>
        <Button variant="secondary" onClick={() => setModal(true)}>
          Open a dialog
        </Button>
        <Modal
          open={modal}
          title="Basic Details"
          onClose={() => setModal(false)}
          footer={<Button onClick={() => setModal(false)}>Done</Button>}
        >
          <p>A native dialog: the page behind is inert, Escape closes it.</p>
        </Modal>
      </section>
    </div>
  );
}
