import { canonicalJson, sha256 } from '../../trail/index.ts';

/**
 * The PDFs of a completion (the receipt, the signed application), rendered with no transaction open (issue 40,
 * docs/decisions/2610-completion-pdfs-outside-the-transaction.md). Rendering is seconds of CPU on a loaded machine: done
 * inside the completing transaction it held the enrollment's lock and a connection of the pool that long, made other
 * completions wait on its locks, and when the database went away meanwhile the shopper heard of it only after the
 * rendering.
 *
 * The completion runs its transaction a first time to learn what each PDF will say (its content: a plain value), rolls
 * it back before anything leaves the store (`assertRendered`, before the charge), renders the PDFs with no transaction
 * open, then runs again: a content equal to one rendered (by the SHA-256 of its canonical JSON) takes those bytes. A
 * content that changed in between (another save, the day turned) is rendered in the same way before a third run; the
 * third renders what still differs inside its transaction, so that a completion never fails for it.
 */
export class CompletionPdfs {
  private readonly rendered = new Map<string, Uint8Array>();
  private readonly pending = new Map<string, () => Promise<Uint8Array>>();
  /** Render in the transaction what was not rendered before it (the last run). */
  inline = false;
  /** How many PDFs were rendered, and how many of them inside a transaction (for tests and the log). */
  readonly counts = { outside: 0, inside: 0 };

  /** The PDF for this content: rendered before the transaction, or (until `assertRendered`) a placeholder. */
  async pdf<C>(content: C, render: (content: C) => Promise<Uint8Array>): Promise<Uint8Array> {
    const key = sha256(canonicalJson(content));
    const done = this.rendered.get(key);
    if (done) return done;
    if (this.inline) {
      this.counts.inside++;
      return render(content);
    }
    this.pending.set(key, () => render(content));
    return PLACEHOLDER;
  }

  /** Called before anything of the completion leaves the store: a PDF still to render rolls the transaction back. */
  assertRendered(): void {
    if (this.pending.size) throw new PdfsToRender();
  }

  /** With no transaction open: renders what the rolled-back run asked for. */
  async renderPending(): Promise<void> {
    for (const [key, render] of this.pending) {
      this.rendered.set(key, await render());
      this.counts.outside++;
    }
    this.pending.clear();
  }
}

const PLACEHOLDER = new Uint8Array(0);

/** Thrown inside the completing transaction to roll it back: its PDFs are rendered, then it runs again. */
export class PdfsToRender extends Error {
  constructor() {
    super('the completion has PDFs to render outside its transaction');
  }
}
