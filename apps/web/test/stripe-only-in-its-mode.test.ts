import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Stripe.js and the Payment Element load only in Stripe's mode (decision 2510): the offline store (the default, and
 * every demo) never fetches a byte of @stripe/stripe-js, and the enrollment page's budget (80 kB) does not carry it.
 * The billing step, the member home's change of payment method, the one-time change-payment link's form (decision
 * 2670) and the member home's confirmation of a payment (3-D Secure) import components/payment/stripe-card-fields.tsx
 * lazily, rendered only when the server's card_entry says `stripe` (or a payment waits for Stripe.js); that file
 * imports @stripe/stripe-js/pure (which adds Stripe's script only when loadStripe is called) dynamically.
 * Checked in the source and in the built app.
 */
const src = path.resolve(import.meta.dirname, '../src');
const dist = path.resolve(import.meta.dirname, '../dist');

function files(dir: string, out: string[] = []): string[] {
  for (const f of fs.readdirSync(dir)) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isDirectory()) files(p, out);
    else if (/\.tsx?$/.test(p)) out.push(p);
  }
  return out;
}

describe("Stripe's browser code", () => {
  it('is imported only by stripe-card-fields.tsx, dynamically, and that file only lazily or for its types', () => {
    for (const f of files(src)) {
      const text = fs.readFileSync(f, 'utf8');
      const name = path.relative(src, f);
      if (name.endsWith('stripe-card-fields.tsx')) {
        expect(text).not.toMatch(/^import .*@stripe\//m);
        expect(text).toContain("await import('@stripe/stripe-js/pure')");
        continue;
      }
      expect(text, name).not.toMatch(/@stripe\//);
      for (const m of text.matchAll(/^import (type )?.*stripe-card-fields['"]/gm)) expect(m[1], `${name}: ${m[0]}`).toBe('type ');
    }
  });

  it("is behind the server's card_entry in every form that takes a card, and our card fields only in the offline mode", () => {
    const read = (f: string) => fs.readFileSync(path.join(src, f), 'utf8');
    const lazyImport = /lazy\(\(\) =>\s*import\('[./]*components\/payment\/stripe-card-fields'\)/;
    for (const f of ['features/enrollment/steps/billing-information.tsx', 'features/storefront/member-home/payment-form.tsx']) {
      const text = read(f);
      expect(text, f).toMatch(lazyImport);
      // Rendered only with Stripe's publishable key from the server's card_entry; otherwise the store's own fields.
      expect(text, f).toMatch(/provider === 'stripe'/);
      expect(text, f).toMatch(/stripeKey[\s\S]*LazyStripeCardFields\s+publishableKey=\{stripeKey\}/);
    }
    // The member home's change and the one-time link's form hand the server's card_entry to that form.
    expect(read('features/storefront/member-home/payment-section.tsx')).toContain('cardEntry={cardEntry}');
    expect(read('features/storefront/member-home/member-home-sections.tsx')).toContain('cardEntry={d.card_entry}');
    expect(read('features/storefront/payment-link/change-payment-page.tsx')).toContain('cardEntry={link.data.card_entry}');
    // The offline form's card number field is the other branch of that choice.
    expect(read('features/storefront/member-home/payment-form.tsx')).toMatch(
      /stripeKey \? \([\s\S]*LazyStripeCardFields[\s\S]*\) : \([\s\S]*'card_number'/,
    );
  });

  it('is in chunks of its own that no page preloads and that are reached by dynamic imports only', () => {
    if (!fs.existsSync(path.join(dist, 'preload.json'))) throw new Error('The web app is not built: run `npm run build` first.');
    const assets = path.join(dist, 'assets');
    const js = fs.readdirSync(assets).filter((n) => n.endsWith('.js'));
    const loader = js.filter((n) => fs.readFileSync(path.join(assets, n), 'utf8').includes('js.stripe.com'));
    const element = js.filter((n) => n.startsWith('stripe-card-fields-'));
    expect(loader).toHaveLength(1);
    expect(element).toHaveLength(1);
    const preloaded = (JSON.parse(fs.readFileSync(path.join(dist, 'preload.json'), 'utf8')) as { js: string[] }[]).flatMap((e) => e.js);
    for (const f of [...loader, ...element]) expect(preloaded.some((p) => p.endsWith(f))).toBe(false);
    for (const n of js) {
      const text = fs.readFileSync(path.join(assets, n), 'utf8');
      for (const f of [...loader, ...element]) {
        // A static import names the file after `from`; a dynamic one inside import(…).
        expect(text.includes(`from"./${f}"`) || text.includes(`from './${f}'`), `${n} imports ${f} statically`).toBe(false);
      }
    }
    const index = js.find((n) => /^index-.*\.js$/.test(n))!;
    expect(fs.readFileSync(path.join(assets, index), 'utf8')).not.toContain('js.stripe.com');
  });
});
