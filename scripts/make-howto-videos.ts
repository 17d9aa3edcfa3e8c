/**
 * Makes the How-To Videos of the footer (apps/web/public/videos): short videos of the member and employer flows,
 * filmed from the store itself, with WebVTT captions in English and Spanish.
 *
 *   npm run build && npx tsx scripts/make-howto-videos.ts
 *
 * It starts the store on a free port (embedded database, demo data, a throw-away DATA_DIR), drives it with
 * playwright-core in Debian's Chromium (/usr/bin/chromium, CHROMIUM_PATH to change), takes a screenshot of each step
 * and joins them with Debian's ffmpeg (`apt-get install -y ffmpeg`) into a VP9 WebM, one step per caption.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { createStore } from '../apps/server/src/bootstrap.ts';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public/videos');
const SECONDS_PER_STEP = 3;
const SIZE = { width: 960, height: 600 };
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One step: what to do in the page, then the caption shown over its screenshot. */
interface Step {
  en: string;
  es: string;
  act: (page: Page, url: (p: string) => string) => Promise<void>;
}

const dobYearsAgo = (years: number) => `0115${new Date().getFullYear() - years}`;

/** The home page, with the location question answered so it does not cover the page. */
async function home(p: Page, url: (p: string) => string) {
  await p.goto(url('/'), { waitUntil: 'networkidle' });
  const no = p.getByRole('button', { name: "Don't Allow" });
  if (await no.isVisible()) await no.click();
}

const MEMBER: Step[] = [
  { en: 'Open the store and choose FIND A PLAN.', es: 'Abra la tienda y elija FIND A PLAN.', act: home },
  {
    en: 'Step 1 of 4: type your zip code, then Continue.',
    es: 'Paso 1 de 4: escriba su código postal y elija Continuar.',
    act: async (p) => {
      await p.getByRole('button', { name: 'FIND A PLAN', exact: true }).first().click();
      await p.getByLabel('What is your zip code?').fill('10001');
    },
  },
  {
    en: 'Step 2 of 4: your date of birth (mm/dd/yyyy).',
    es: 'Paso 2 de 4: su fecha de nacimiento (mm/dd/aaaa).',
    act: async (p) => {
      await p.getByRole('button', { name: 'Continue' }).click();
      await p.getByLabel('What is your date of birth?').pressSequentially(dobYearsAgo(35));
    },
  },
  {
    en: 'Steps 3 and 4: gender, and who needs to be covered.',
    es: 'Pasos 3 y 4: sexo, y a quién se debe cubrir.',
    act: async (p) => {
      await p.getByRole('button', { name: 'Continue' }).click();
      await p.getByLabel('Female').check();
      await p.getByRole('button', { name: 'Continue' }).click();
      await p.getByLabel('Me & My Spouse').check();
    },
  },
  {
    en: "Let's Go! shows the plans for you, by category.",
    es: "Let's Go! muestra los planes para usted, por categoría.",
    act: async (p) => {
      await p.getByRole('button', { name: "Let's Go!" }).click();
      await p.waitForURL(/\/plans/);
      await p.getByRole('link', { name: 'More Info: Dental Essentials' }).waitFor();
    },
  },
  {
    en: 'More Info opens a plan: its prices and what it covers.',
    es: 'More Info abre un plan: sus precios y lo que cubre.',
    act: async (p) => {
      await p.getByRole('link', { name: 'More Info: Dental Essentials' }).click();
      await p.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
    },
  },
  {
    en: 'Add to Cart, then Proceed to Enrollment to fill in the steps.',
    es: 'Agregue al carrito y elija Proceed to Enrollment para completar los pasos.',
    act: async (p) => {
      await p.getByRole('button', { name: 'Add to Cart' }).first().click();
      await p.waitForURL(/\/cart/);
      await p.getByRole('button', { name: 'Proceed to Enrollment' }).first().waitFor();
    },
  },
];

const EMPLOYER: Step[] = [
  {
    en: 'Employers: your people start at the store home page.',
    es: 'Empleadores: su personal empieza en la página principal de la tienda.',
    act: home,
  },
  {
    en: 'Employee Enrollment, in the footer, asks for your group code.',
    es: 'Employee Enrollment, al pie de la página, pide el código de su grupo.',
    act: async (p) => {
      await p.getByRole('button', { name: 'Employee Enrollment' }).click();
      await p.getByRole('dialog', { name: 'Employee Enrollment' }).getByLabel('Group Code').fill('ACME01');
    },
  },
  {
    en: 'The store shows your company: choose Yes if it is yours.',
    es: 'La tienda muestra su empresa: elija Yes si es la suya.',
    act: async (p) => {
      const dialog = p.getByRole('dialog', { name: 'Employee Enrollment' });
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.getByRole('button', { name: 'Yes' }).waitFor();
    },
  },
  {
    en: "Your group's own page: employees get a quote and see your plans.",
    es: 'La página de su grupo: el personal cotiza y ve sus planes.',
    act: async (p) => {
      await p.getByRole('dialog', { name: 'Employee Enrollment' }).getByRole('button', { name: 'Yes' }).click();
      await p.waitForURL(/\/acme/);
      await p.getByText('Featured Plans').first().waitFor();
      await p.waitForLoadState('networkidle');
      await p.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    en: 'Group administrators sign in to enroll new or current members.',
    es: 'Los administradores del grupo inician sesión para inscribir a miembros nuevos o actuales.',
    act: async (p, url) => {
      await p.goto(url('/sign-in'), { waitUntil: 'networkidle' });
      await p.getByLabel('Email').fill('hr@acme.example.com');
      await p.getByLabel('Password').fill('Demo-Group-2026');
    },
  },
  {
    en: 'Start Enrollment: choose the portal, then new or current members.',
    es: 'Start Enrollment: elija el portal y luego miembros nuevos o actuales.',
    act: async (p) => {
      await p.getByRole('button', { name: 'Sign in' }).click();
      await p.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
      await p.waitForLoadState('networkidle');
    },
  },
];

const cueTime = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;

function vtt(steps: Step[], lang: 'en' | 'es'): string {
  const cues = steps.map((s, i) => `${i + 1}\n${cueTime(i * SECONDS_PER_STEP)} --> ${cueTime((i + 1) * SECONDS_PER_STEP)}\n${s[lang]}\n`);
  return `WEBVTT\n\n${cues.join('\n')}`;
}

async function film(name: string, steps: Step[], baseUrl: string, browser: Awaited<ReturnType<typeof chromium.launch>>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `howto-${name}-`));
  const context = await browser.newContext({ viewport: SIZE });
  const page = await context.newPage();
  const url = (p: string) => new URL(p, baseUrl).href;
  for (const [i, step] of steps.entries()) {
    await step.act(page, url);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `step-${String(i).padStart(2, '0')}.png`) });
    console.log(`${name}: ${step.en}`);
  }
  await context.close();
  const webm = path.join(OUT, `how-to-${name}.webm`);
  // Each screenshot held SECONDS_PER_STEP seconds, 10 frames a second; VP9 at a quality that keeps it small.
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-framerate',
    `1/${SECONDS_PER_STEP}`,
    '-i',
    path.join(dir, 'step-%02d.png'),
    '-vf',
    `fps=10,scale=${SIZE.width}:-2,format=yuv420p`,
    '-c:v',
    'libvpx-vp9',
    '-b:v',
    '0',
    '-crf',
    '40',
    '-deadline',
    'good',
    '-row-mt',
    '1',
    '-t',
    String(steps.length * SECONDS_PER_STEP),
    webm,
  ]);
  fs.writeFileSync(path.join(OUT, `how-to-${name}.en.vtt`), vtt(steps, 'en'));
  fs.writeFileSync(path.join(OUT, `how-to-${name}.es.vtt`), vtt(steps, 'es'));
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(`${webm}: ${(fs.statSync(webm).size / 1024).toFixed(0)} KiB`);
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'howto-store-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATA_KEY: crypto.randomBytes(32).toString('base64'),
    REQUESTS_PER_MINUTE: '0',
  } as NodeJS.ProcessEnv);
  const store = await createStore(config, { logger: false });
  await store.app.listen({ port: 0, host: '127.0.0.1' });
  const address = store.app.server.address();
  const baseUrl = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP localhost 127.0.0.1'],
  });
  try {
    // ONLY=member or ONLY=employer makes one of them.
    if (process.env.ONLY !== 'employer') await film('member', MEMBER, baseUrl, browser);
    if (process.env.ONLY !== 'member') await film('employer', EMPLOYER, baseUrl, browser);
  } finally {
    await browser.close();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
