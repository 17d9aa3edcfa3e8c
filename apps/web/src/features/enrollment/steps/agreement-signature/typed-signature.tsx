import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TYPED_NAME_MAX } from '@store/domain/agreement';
import '@fontsource/dancing-script/latin-400.css';
import { TextField } from '../../../../components/form/fields';

/** The script face a typed name is written in: Dancing Script, bundled with the app (no outside font). */
const SCRIPT_FONT = "'Dancing Script', cursive";
const WIDTH = 600;
const HEIGHT = 160;

/** Writes the name as a signature on the canvas: white ground and dark ink like the drawn pad, shrunk to fit. */
async function drawTypedSignature(canvas: HTMLCanvasElement, name: string) {
  await document.fonts.load(`64px ${SCRIPT_FONT}`, name).catch(() => []);
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = 'rgb(255,255,255)';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  let size = 64;
  ctx.font = `${size}px ${SCRIPT_FONT}`;
  while (size > 16 && ctx.measureText(name).width > WIDTH - 48) {
    size -= 4;
    ctx.font = `${size}px ${SCRIPT_FONT}`;
  }
  ctx.fillStyle = 'black';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, 24, HEIGHT / 2);
}

/** The typed name rendered as a signature, as the PNG data URL the drawn pad sends; null when nothing is typed. */
export async function typedSignaturePng(name: string): Promise<string | null> {
  if (!name.trim()) return null;
  const canvas = document.createElement('canvas');
  await drawTypedSignature(canvas, name.trim());
  return canvas.toDataURL('image/png');
}

/** A typed signature: the name field (required, message beside it) and a preview of how it will be signed. */
export function TypedSignatureField({ value, onChange, error }: { value: string; onChange(name: string): void; error?: string | null }) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvasRef.current) void drawTypedSignature(canvasRef.current, value.trim());
  }, [value]);
  return (
    <div className="typed-signature">
      <TextField
        label={t('Type your full name')}
        name="typed_name"
        required
        autoComplete="name"
        maxLength={TYPED_NAME_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={t('Your typed name is written as your signature below and is as binding as a drawn one.')}
      />
      <canvas
        ref={canvasRef}
        className="signature-canvas typed-signature-preview"
        style={{ width: '100%', maxWidth: WIDTH, height: 'auto', border: '1px solid #999', borderRadius: 4, background: '#fff' }}
        role="img"
        aria-label={value.trim() ? t('Typed signature: {{name}}', { name: value.trim() }) : t('Typed signature preview')}
      />
    </div>
  );
}
