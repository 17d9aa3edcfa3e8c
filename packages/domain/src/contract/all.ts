import * as adminDashboard from './admin-dashboard.ts';
import * as adminPeople from './admin-people.ts';
import * as adminPlans from './admin-plans.ts';
import * as adminRecords from './admin-records.ts';
import * as adminSites from './admin-sites.ts';
import * as authLink from './auth-link.ts';
import * as auth from './auth.ts';
import * as carriers from './carriers.ts';
import * as cart from './cart.ts';
import * as catalog from './catalog.ts';
import * as commissions from './commissions.ts';
import * as consent from './consent.ts';
import * as coverageConfirmation from './coverage-confirmation.ts';
import * as coverageChanges from './coverage-changes.ts';
import * as enrollmentFinish from './enrollment-finish.ts';
import * as enrollment from './enrollment.ts';
import * as groupHome from './group-home.ts';
import * as landing from './landing.ts';
import * as lifeEvents from './life-events.ts';
import * as ledger from './ledger.ts';
import * as listBills from './list-bills.ts';
import * as memberAccount from './member-account.ts';
import * as memberHome from './member-home.ts';
import * as paymentChange from './payment-change.ts';
import * as quote from './quote.ts';
import * as reminders from './reminders.ts';
import * as renewals from './renewals.ts';
import * as repHome from './rep-home.ts';
import * as repLicensing from './rep-licensing.ts';
import * as session from './session.ts';
import * as site from './site.ts';
import * as storefront from './storefront.ts';
import type { Endpoint } from './endpoint.ts';

/**
 * Every file of the contract that declares endpoints, so that the server can name each operation of its OpenAPI
 * document by the endpoint's export name (its operationId) and tests can walk the whole contract. Only the server
 * and tests import this: the web app imports the files it calls, one by one (the first page's budget, decision 0800).
 * A test (packages/domain/test/contract-closed.test.ts) checks that every contract file is listed here.
 */
export const CONTRACT_FILES = {
  'admin-dashboard': adminDashboard,
  'admin-people': adminPeople,
  'admin-plans': adminPlans,
  'admin-records': adminRecords,
  'admin-sites': adminSites,
  'auth-link': authLink,
  auth,
  carriers,
  cart,
  catalog,
  commissions,
  consent,
  'coverage-changes': coverageChanges,
  'coverage-confirmation': coverageConfirmation,
  'enrollment-finish': enrollmentFinish,
  enrollment,
  'group-home': groupHome,
  landing,
  ledger,
  'life-events': lifeEvents,
  'list-bills': listBills,
  'member-account': memberAccount,
  'member-home': memberHome,
  'payment-change': paymentChange,
  quote,
  reminders,
  renewals,
  'rep-home': repHome,
  'rep-licensing': repLicensing,
  session,
  site,
  storefront,
} as const;

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'tags' in v && typeof (v as Endpoint).path === 'string';

/** Every endpoint of the contract with its export name (unique across the contract: a test says so). */
export function contractEndpoints(): { name: string; file: string; endpoint: Endpoint }[] {
  const out: { name: string; file: string; endpoint: Endpoint }[] = [];
  for (const [file, mod] of Object.entries(CONTRACT_FILES))
    for (const [name, value] of Object.entries(mod)) if (isEndpoint(value)) out.push({ name, file, endpoint: value });
  return out;
}

let names: Map<Endpoint, string> | undefined;
/** The operationId of an endpoint: its export name in the contract (undefined for an endpoint declared elsewhere). */
export function operationIdOf(e: Endpoint): string | undefined {
  names ??= new Map(contractEndpoints().map((c) => [c.endpoint, c.name]));
  return names.get(e);
}
