import { ESIGN_VERSION, paymentAuthorizationText } from '@store/domain/consent';
import { withBillDay, type TChargeSummary } from '@store/domain/charges';
import { TestClient, type TestResponse } from '../../apps/server/test/helpers/client.ts';
import { CONTACT, PERSONAL } from '../../apps/server/test/enrollment/helpers.ts';
import { EFT, SIGNATURE } from '../../apps/server/test/enrollment/finish/helpers.ts';

/**
 * A shopper as the web app drives one: a quote (add-filter-for-new-user), a plan in the cart, the wizard's steps in
 * the server's order through to the completion (save-billing-info with first_enroll, decision 2530). Every request is recorded; a 503
 * or a refused connection is retried after Retry-After (as a person pressing the button again), up to a deadline.
 */
export type OpKind = 'quote' | 'cart' | 'save' | 'complete' | 'read';

export interface Op {
  kind: OpKind;
  path: string;
  enrollmentId?: string;
  /** The step a save wrote, by its tab name (primary_info, contact_info …). */
  tab?: string;
  status: number;
  ms: number;
  retryAfter?: string | null;
  /** 'refused' / 'reset' when no HTTP answer came. */
  error?: string;
  at: number;
}

export interface Journey {
  enrollmentId?: string;
  completed: boolean;
  /** Saves the store answered 200 to: each must be in the database afterwards. */
  acknowledgedTabs: string[];
  error?: string;
}

/** The payment authorization the billing step shows for the EFT payment (as the browser builds it), accepted with the save. */
function authorization(cart: TChargeSummary) {
  const text = paymentAuthorizationText(
    { method: 'eft', payer: EFT.account_name, bank_name: EFT.bank_name, last4: EFT.account_number.slice(-4) },
    withBillDay(cart, EFT.bill_date),
    'en',
  );
  return { payment_authorization: true, authorization_text: text };
}

/** The store to send the next request to: the harness's stand-in for a load balancer. */
export type Pick = () => string;

const TAB_OF_PATH: Record<string, string> = {
  '/api/v1/save-personal-info': 'primary_info',
  '/api/v1/save-contact-info': 'contact_info',
  '/api/v1/save-billing-info': 'billing_info',
  '/api/v1/save-agreement-info': 'agreement_info',
  '/api/v1/save-review-info': 'review_info',
};

export class Shopper {
  readonly ops: Op[] = [];
  private client: TestClient;
  constructor(
    private pick: Pick,
    private opts: { giveUpMs: number; planId: number; planPricingId: number; seq: number; emailPrefix?: string },
  ) {
    this.client = new TestClient(pick());
  }

  /** One request, retried while the store answers 503 or cannot be reached, until giveUpMs. */
  async send(kind: OpKind, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}): Promise<TestResponse> {
    const deadline = Date.now() + this.opts.giveUpMs;
    // The CSRF cookie first, as the web app has it from its first page (TestClient would send an empty token if
    // its own fetch of it met a 503).
    if (method === 'POST' && !this.client.cookies.has('csrf')) await this.send('read', 'GET', '/api/v1/site');
    for (;;) {
      // The next request may go to another process: the cookies (session, csrf) are the shopper's, not the process's.
      (this.client as { baseUrl: string }).baseUrl = this.pick();
      const started = Date.now();
      const op: Op = { kind, path, status: 0, ms: 0, at: started, enrollmentId: body.enrollment_id as string | undefined };
      if (TAB_OF_PATH[path]) op.tab = TAB_OF_PATH[path];
      let r: TestResponse | undefined;
      try {
        r = method === 'GET' ? await this.client.get(path, body) : await this.client.post(path, body);
        op.status = r.status;
        op.retryAfter = r.headers.get('retry-after');
      } catch (err) {
        op.error = (err as { code?: string }).code ?? String(err);
      }
      op.ms = Date.now() - started;
      this.ops.push(op);
      if (r && r.status !== 503) return r;
      if (Date.now() > deadline) return r ?? { status: 0, body: null, headers: new Headers() };
      const wait = Math.min(Number(op.retryAfter ?? 1) * 1000 || 1000, 2000);
      await new Promise((resolve) => setTimeout(resolve, r ? wait : 250));
    }
  }

  private async must(kind: OpKind, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) {
    const r = await this.send(kind, method, path, body);
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)?.slice(0, 200)}`);
    return r;
  }

  /** The whole journey; `stopAfter` leaves it before the completion (saves only). */
  async journey(stopAfter?: 'saves'): Promise<Journey> {
    const j: Journey = { completed: false, acknowledgedTabs: [] };
    try {
      const q = await this.must('quote', 'POST', '/api/v1/add-filter-for-new-user', {
        zip: '10001',
        dob: '04/12/1985',
        gender: '1',
        tier: 'IO',
        eprocess: 'applicant',
        agent_id: 20001,
        group_id: 77,
        platform_group_id: 501,
        type: 'new-member',
        open_type: 'user',
      });
      const id = (j.enrollmentId = q.body.data.temp_enrollment_id as string);
      // The plan list, as the web app shows it: the card's pricing is the quote's (age, tier).
      await this.must('read', 'GET', '/api/v1/get-filtered-plans', { enrollment_id: id });
      const priced = await this.must('read', 'GET', '/api/v1/get-plan-pricing-detail', { pid: this.opts.planId, enrollment_id: id });
      const card = (priced.body.data.plans as { plan_pricing_id: number }[])[0];
      await this.must('cart', 'POST', '/api/v1/add-plan-to-cart', {
        enrollment_id: id,
        plan_id: this.opts.planId,
        plan_pricing_id: card?.plan_pricing_id ?? this.opts.planPricingId,
      });
      await this.save(j, '/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
      const n = this.opts.seq;
      await this.save(j, '/api/v1/save-contact-info', {
        enrollment_id: id,
        ...CONTACT,
        email_address: `${this.opts.emailPrefix ?? 'chaos'}${n}.${Date.now()}@example.org`,
        phone_number: `212${String((Date.now() + n) % 10_000_000).padStart(7, '0')}`,
      });
      if (stopAfter === 'saves') return j;
      const tabs = (await this.must('read', 'GET', '/get-dynamic-tabs', { enrollment_id: id })).body.data
        .filter((t: { required: boolean }) => t.required)
        .map((t: { tab_name: string }) => t.tab_name) as string[];
      // The server's order (decision 2530): the review's notes, the agreement signed, then the billing step, whose
      // save with first_enroll=1 (the wizard's last Next) completes the enrollment.
      for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1)) {
        if (tab === 'review_info') await this.save(j, '/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
        if (tab === 'agreement_info') {
          await this.must('save', 'POST', '/api/v1/give-esign-consent', { enrollment_id: id, version: ESIGN_VERSION, agreed: true });
          await this.save(j, '/api/v1/save-agreement-info', {
            enrollment_id: id,
            agreements: [true, true, true],
            signature: SIGNATURE,
          });
        }
        if (tab === 'billing_info') {
          const last = tab === tabs[tabs.length - 1];
          const cart = (await this.must('read', 'GET', '/api/v1/get-plan-cart', { enrollment_id: id })).body.data.summary;
          const billing = { enrollment_id: id, ...EFT, ...authorization(cart), ...(last ? { first_enroll: 1 } : {}) };
          if (!last) await this.save(j, '/api/v1/save-billing-info', billing);
          else {
            await this.must('complete', 'POST', '/api/v1/save-billing-info', billing);
            j.acknowledgedTabs.push('billing_info');
            j.completed = true;
          }
        }
      }
    } catch (err) {
      j.error = (err as Error).message;
    }
    return j;
  }

  private async save(j: Journey, path: string, body: Record<string, unknown>) {
    await this.must('save', 'POST', path, body);
    j.acknowledgedTabs.push(TAB_OF_PATH[path]!);
  }

  /** A catalog read (the plan list), for the caches' check. */
  plans(enrollmentId: string) {
    return this.send('read', 'GET', '/api/v1/get-filtered-plans', { enrollment_id: enrollmentId });
  }
}
