import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type SignaturePad from 'signature_pad';
import { Button } from '../../../../components/ui/button';

export interface SignatureHandle {
  /** The drawn signature as a PNG data URL, or null when empty. */
  toPng(): string | null;
  clear(): void;
}

/**
 * A drawn signature pad (signature_pad) with Clear; the canvas is named for assistive technology. The pad's library is
 * fetched when the field mounts (the agreement step only; the canvas is named once the pad is ready), not with the wizard's other steps (the enrollment page's
 * budget, apps/web/test/inner-page-files.test.ts).
 */
export const SignatureField = forwardRef<SignatureHandle, { label: string; error?: string | null; onChange?(empty: boolean): void }>(
  function SignatureField({ label, error, onChange }, ref) {
    const { t } = useTranslation();
    const canvasRef = useRef<HTMLCanvasElement>(null);
    const padRef = useRef<SignaturePad | null>(null);
    const changeRef = useRef(onChange);
    changeRef.current = onChange;
    // The canvas is the "Signature pad" once it takes strokes (assistive technology, and tests, meet it then).
    const [ready, setReady] = useState(false);

    useEffect(() => {
      const canvas = canvasRef.current!;
      const resize = () => {
        const ratio = Math.max(window.devicePixelRatio || 1, 1);
        const data = padRef.current?.toData();
        canvas.width = canvas.offsetWidth * ratio;
        canvas.height = canvas.offsetHeight * ratio;
        canvas.getContext('2d')!.scale(ratio, ratio);
        padRef.current?.clear();
        if (data) padRef.current?.fromData(data);
      };
      let gone = false;
      void import('signature_pad').then(({ default: Pad }) => {
        if (gone) return;
        const pad = new Pad(canvas, { backgroundColor: 'rgb(255,255,255)' });
        padRef.current = pad;
        resize();
        pad.addEventListener('endStroke', () => changeRef.current?.(pad.isEmpty()));
        window.addEventListener('resize', resize);
        setReady(true);
      });
      return () => {
        gone = true;
        window.removeEventListener('resize', resize);
        padRef.current?.off();
        padRef.current = null;
      };
    }, []);

    useImperativeHandle(ref, () => ({
      toPng: () => (padRef.current && !padRef.current.isEmpty() ? padRef.current.toDataURL('image/png') : null),
      clear: () => {
        padRef.current?.clear();
        changeRef.current?.(true);
      },
    }));

    return (
      <div className={`field signature-field ${error ? 'field-invalid' : ''}`}>
        <span className="field-label" id="signature-label">
          {label}
        </span>
        <canvas
          ref={canvasRef}
          className="signature-canvas"
          role={ready ? 'img' : undefined}
          aria-label={ready ? t('Signature pad') : undefined}
          aria-busy={ready ? undefined : true}
          aria-describedby={error ? 'signature_message' : undefined}
          style={{ width: '100%', height: 160, touchAction: 'none', border: '1px solid #999', borderRadius: 4, background: '#fff' }}
        />
        <Button variant="secondary" onClick={() => (padRef.current?.clear(), changeRef.current?.(true))}>
          {t('Clear')}
        </Button>
        {error && (
          <div id="signature_message" className="field-error" role="alert">
            {t(error)}
          </div>
        )}
      </div>
    );
  },
);
