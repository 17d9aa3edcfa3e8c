import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_HOME_TEXT as T, type TMemberAddress } from '@store/domain/member-home';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AddressForm } from './address-form';

/** The member's address (what the carriers hold) and the way to change it. */
export function AddressSection({ address }: { address: TMemberAddress | null }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <section className="card mh-section" aria-labelledby="mh-address">
      <h2 id="mh-address">{t(T.ADDRESS)}</h2>
      {saved && <Alert kind="success">{t(T.ADDRESS_SAVED)}</Alert>}
      {!editing &&
        (address ? (
          <address className="mh-address">
            <span>{address.address1}</span>
            {address.address2 && <span>{address.address2}</span>}
            <span>
              {address.city}, {address.state} {address.zip}
            </span>
          </address>
        ) : (
          <p>{t(T.NO_ADDRESS)}</p>
        ))}
      {!editing && (
        <Button variant="secondary" onClick={() => (setEditing(true), setSaved(false))}>
          {t(T.CHANGE_ADDRESS)}
        </Button>
      )}
      {editing && <AddressForm current={address} onDone={(ok?: boolean) => (setEditing(false), setSaved(!!ok))} />}
    </section>
  );
}
